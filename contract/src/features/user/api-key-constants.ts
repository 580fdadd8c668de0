/** The longest a scoped API key may live: a year; it is renewed by making another. */
export const API_KEY_MAX_DAYS = 365;
