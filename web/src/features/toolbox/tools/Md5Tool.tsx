import { Divider, Flex, Input, Typography } from 'antd';
import { useMemo, useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableResult } from '../components/text/CopyableResult';
import { Md5FileHasher } from '../components/text/Md5FileHasher';
import { md5OfText } from '../utils/md5Hash';

/** MD5 in lowercase hex of a text (its UTF-8 bytes) and of a dropped or chosen file. */
export function Md5Tool(): JSX.Element {
  const { t } = useTranslation('toolboxText');
  const [text, setText] = useState('');
  // Empty text has a hash too, but showing it before anything is typed would only puzzle.
  const hash = useMemo(() => (text === '' ? '' : md5OfText(text)), [text]);
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('md5.text')}
      </Typography.Title>
      <Input.TextArea
        aria-label={t('md5.text')}
        placeholder={t('md5.textPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 3, maxRows: 10 }}
      />
      <CopyableResult label={t('md5.textHash')} value={hash} />
      <Divider style={{ margin: '4px 0' }} />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('md5.file')}
      </Typography.Title>
      <Md5FileHasher />
    </Flex>
  );
}
