import { SERVER_VARIABLE_NAMES } from '@ferry/contract/client';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { VariableLine } from '../../../ui/VariableLine';

/**
 * The server variables a script may use, each with its meaning; a click puts `${NAME}` at the
 * editor's cursor.
 */
export function ServerVariables({ onPick }: { onPick: (text: string) => void }) {
  const { t } = useTranslation('script');
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t('variables.help')}</Typography.Text>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
          gap: '0 16px',
        }}
      >
        {SERVER_VARIABLE_NAMES.map((name) => (
          <VariableLine
            key={name}
            name={name}
            meaning={t(`variables.meaning.${name}`)}
            insertLabel={t('variables.insert', { name: `\${${name}}` })}
            onPick={onPick}
          />
        ))}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: '0.9em' }}>
        {t('variables.noPasswords')}
      </Typography.Text>
    </Flex>
  );
}
