import { Flex, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChangedFile } from '../utils/ReviewChanges';

type StatusWord = 'added' | 'modified' | 'deleted' | 'renamed' | 'copied' | 'typeChanged';

/** Each of git's letters: its word and its tag colour (antd presets, readable in both themes). */
const STATUS: Record<string, { word: StatusWord; color: string }> = {
  A: { word: 'added', color: 'green' },
  M: { word: 'modified', color: 'blue' },
  D: { word: 'deleted', color: 'red' },
  R: { word: 'renamed', color: 'purple' },
  C: { word: 'copied', color: 'cyan' },
  T: { word: 'typeChanged', color: 'orange' },
};

/** The files a deploy changes, each with what happens to it; a rename shows where it came from. */
export function ChangedFileList({ files }: { files: readonly ChangedFile[] }) {
  const { t } = useTranslation('review');
  const { token } = theme.useToken();
  return (
    <ul aria-label={t('changes.files')} style={{ margin: 0, padding: 0 }}>
      {files.map((f) => {
        const s = STATUS[f.status];
        return (
          <li
            key={`${f.from}\u0000${f.path}`}
            style={{
              listStyle: 'none',
              padding: '6px 0',
              borderBottom: `1px solid ${token.colorSplit}`,
            }}
          >
            <Flex gap={8} align="baseline">
              <Tag color={s?.color ?? 'default'} style={{ marginInlineEnd: 0, flex: 'none' }}>
                {s ? t(`file.${s.word}`) : t('file.other')}
              </Tag>
              <Typography.Text
                style={{ fontFamily: token.fontFamilyCode, wordBreak: 'break-all', minWidth: 0 }}
              >
                {f.from ? t('file.fromTo', { from: f.from, to: f.path }) : f.path}
              </Typography.Text>
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
