/** The password rule of the specification (§5), shared by the server and the browser. */
export const PASSWORD_RULE =
  '8 to 16 characters of letters, digits and ~!@#$%^&*?, not only digits, only letters or only symbols';

export function isValidPassword(pw: string): boolean {
  if (!/^[A-Za-z0-9~!@#$%^&*?]{8,16}$/.test(pw)) return false;
  const onlyDigits = /^[0-9]+$/.test(pw);
  const onlyLetters = /^[A-Za-z]+$/.test(pw);
  const onlySymbols = /^[~!@#$%^&*?]+$/.test(pw);
  return !onlyDigits && !onlyLetters && !onlySymbols;
}
