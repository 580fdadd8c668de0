import { theme } from 'antd';

interface BrandMarkProps {
  size?: number;
}

/** Ferry's mark: a boat with two sails on the primary colour. */
export function BrandMark({ size = 28 }: BrandMarkProps) {
  const { token } = theme.useToken();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill={token.colorPrimary} />
      <path d="M6 19h20l-3 6H9z" fill="#fff" />
      <path d="M15 7v10h-7z" fill="#fff" opacity=".85" />
      <path d="M17 9v8h6z" fill="#fff" opacity=".6" />
    </svg>
  );
}
