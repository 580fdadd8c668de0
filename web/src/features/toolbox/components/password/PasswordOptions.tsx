import { Checkbox, Flex, InputNumber, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PASSWORD_CHARSET_IDS,
  PASSWORD_CHARSETS,
  type PasswordCharset,
} from '../../utils/passwordGenerate';

/** The charset labels as the tool shows them: A-Z, a-z, 0-9 and the symbols themselves. */
const CHARSET_LABELS: Record<PasswordCharset, string> = {
  1: 'A-Z',
  2: 'a-z',
  3: '0-9',
  4: PASSWORD_CHARSETS[4],
};

interface PasswordOptionsProps {
  length: number | null;
  charsets: PasswordCharset[];
  onLength: (length: number | null) => void;
  onCharsets: (charsets: PasswordCharset[]) => void;
  problem: 'length' | 'charsets' | undefined;
}

/** The length box and the character-set checkboxes, each with its own message when refused. */
export function PasswordOptions(props: PasswordOptionsProps) {
  const { length, charsets, onLength, onCharsets, problem } = props;
  const { t } = useTranslation('toolboxText');
  const lengthLabel = useId();
  return (
    <Flex vertical gap={8}>
      <Flex align="center" gap={8} wrap>
        <Typography.Text id={lengthLabel}>{t('password.length')}</Typography.Text>
        {/* No min and max: antd would clamp 0 or 41 silently, and the user should see why. */}
        <InputNumber
          aria-labelledby={lengthLabel}
          value={length}
          onChange={(value) => onLength(value)}
          precision={0}
          status={problem === 'length' ? 'error' : undefined}
          style={{ width: 96 }}
        />
      </Flex>
      {problem === 'length' && (
        <Typography.Text type="danger" role="alert">
          {t('password.badLength')}
        </Typography.Text>
      )}
      <Flex align="center" gap={8} wrap>
        <Typography.Text>{t('password.charsets')}</Typography.Text>
        <Checkbox.Group<PasswordCharset>
          aria-label={t('password.charsets')}
          value={charsets}
          onChange={(value) => onCharsets([...value].sort())}
          options={PASSWORD_CHARSET_IDS.map((id) => ({ value: id, label: CHARSET_LABELS[id] }))}
        />
      </Flex>
      {problem === 'charsets' && (
        <Typography.Text type="danger" role="alert">
          {t('password.noCharsets')}
        </Typography.Text>
      )}
    </Flex>
  );
}
