import Input from 'antd/es/input/Input';

/**
 * antd's text field alone: `Input` from antd's index brings TextArea, Search, Password, OTP and
 * Group along as its members (about 5 KB gzip), which a page with a plain field never shows.
 */
export const PlainInput = Input;
