import { Flex, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { cronLocaleOf } from '../../../ui/cronWords';
import { MonoText } from '../../../ui/MonoText';
import { cronDescription } from '../utils/cronText';

/** An expression as written and, under it, in words in the user's language. */
export function CronSchedule({ expression }: { expression: string }): ReactElement {
  const { i18n } = useTranslation();
  const words = cronDescription(expression, cronLocaleOf(i18n.language));
  return (
    <Flex vertical>
      <MonoText>{expression}</MonoText>
      {words ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {words}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
