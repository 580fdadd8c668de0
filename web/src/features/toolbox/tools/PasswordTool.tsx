import { Button, Flex } from 'antd';
import { useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableResult } from '../components/text/CopyableResult';
import { PasswordOptions } from '../components/password/PasswordOptions';
import {
  DEFAULT_PASSWORD_CHARSETS,
  DEFAULT_PASSWORD_LENGTH,
  generatePassword,
  passwordOptionsProblem,
  type PasswordCharset,
} from '../utils/passwordGenerate';

/** Random passwords of 1 to 40 characters from the chosen sets, drawn with the browser's crypto. */
export function PasswordTool(): JSX.Element {
  const { t } = useTranslation('toolboxText');
  const [length, setLength] = useState<number | null>(DEFAULT_PASSWORD_LENGTH);
  const [charsets, setCharsets] = useState<PasswordCharset[]>([...DEFAULT_PASSWORD_CHARSETS]);
  const [password, setPassword] = useState('');
  const problem = passwordOptionsProblem({ length: length ?? undefined, charsets });
  const generate = () => {
    if (problem || length === null) return;
    setPassword(generatePassword({ length, charsets }));
  };
  return (
    <Flex vertical gap={12}>
      <PasswordOptions
        length={length}
        charsets={charsets}
        onLength={setLength}
        onCharsets={setCharsets}
        problem={problem}
      />
      <div>
        <Button type="primary" onClick={generate} disabled={problem !== undefined}>
          {t('password.generate')}
        </Button>
      </div>
      <CopyableResult label={t('password.generated')} value={password} />
    </Flex>
  );
}
