import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from './usePreferences';

/** Flips light and dark mode; the choice is remembered in localStorage. */
export function ThemeToggle() {
  const { t } = useTranslation('layout');
  const dark = usePreferences((s) => s.theme === 'dark');
  const toggle = usePreferences((s) => s.toggleTheme);
  const label = dark ? t('theme.toLight') : t('theme.toDark');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={dark ? <SunOutlined /> : <MoonOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
