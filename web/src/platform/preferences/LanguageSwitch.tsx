import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_LABELS, LANGUAGES, type Language } from '../i18n/languages';
import { usePreferences } from './usePreferences';

interface LanguageSwitchProps {
  /** Show the current language's name beside the icon. */
  showLabel?: boolean;
}

/** 中文 / English: switches i18next, antd and dayjs together and remembers it in a cookie. */
export function LanguageSwitch({ showLabel = false }: LanguageSwitchProps) {
  const { t } = useTranslation('layout');
  const language = usePreferences((s) => s.language);
  const setLanguage = usePreferences((s) => s.setLanguage);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((l) => ({ key: l, label: LANGUAGE_LABELS[l] })),
        onClick: ({ key }) => setLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        aria-label={t('language')}
        title={t('language')}
        icon={<TranslationOutlined />}
      >
        {showLabel ? LANGUAGE_LABELS[language] : null}
      </Button>
    </Dropdown>
  );
}
