import {
  ArrowLeftOutlined,
  DiffOutlined,
  FileSearchOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import type { RepositoryEntry } from '@ferry/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MonoText } from '../../../ui/MonoText';
import { useDialog } from '../../../ui/useDialog';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { CompareRow } from '../utils/CompareRow';
import type { RepositoryProject } from '../utils/RepositoryProject';
import { CompareResults } from './CompareResults';
import { CopyBrowser } from './CopyBrowser';
import { CopyDrawer } from './CopyDrawer';
import { DiffModal } from './DiffModal';

interface FileCompareDrawerProps {
  open: boolean;
  project: RepositoryProject | undefined;
  onClose: () => void;
}

/**
 * File compare: browse the working copy, pick a file, see how it stands on every server of the
 * project, and open the diff of a server whose file differs or is missing.
 */
export function FileCompareDrawer({ open, project, onClose }: FileCompareDrawerProps) {
  const { t } = useTranslation('repository');
  const mobile = useIsMobile();
  const queryClient = useQueryClient();
  const [dir, setDir] = useState('');
  const [file, setFile] = useState<string>();
  const diff = useDialog<CompareRow>();
  const projectId = project?.id ?? 0;
  const pick = (_entry: RepositoryEntry, path: string) => setFile(path);
  const again = () =>
    void queryClient.refetchQueries({ queryKey: ['repository', 'fileCompare', projectId, file] });

  const picked = file ? (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => setFile(undefined)}>
          {t('compare.otherFile')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={again}>
          {t('compare.again')}
        </Button>
      </Flex>
      <Flex gap={8} align="baseline" style={{ minWidth: 0 }}>
        <Typography.Text type="secondary">{t('compare.file')}</Typography.Text>
        <MonoText>{file}</MonoText>
      </Flex>
      <CompareResults projectId={projectId} filePath={file} onDiff={diff.show} />
    </Flex>
  ) : null;

  return (
    <CopyDrawer
      open={open}
      onClose={onClose}
      onClosed={() => {
        setDir('');
        setFile(undefined);
      }}
      title={project ? t('compare.title', { name: project.name }) : null}
    >
      {picked ??
        (project ? (
          <Flex vertical gap={8}>
            <Typography.Text type="secondary">
              <FileSearchOutlined aria-hidden /> {t('compare.pick')}
            </Typography.Text>
            <CopyBrowser
              via="compare"
              projectId={project.id}
              dir={dir}
              onDir={setDir}
              onFile={pick}
              actionsWidth={mobile ? 56 : 110}
              actions={(entry, path) =>
                entry.isDir ? null : (
                  <Tooltip title={mobile ? t('compare.compareAction') : undefined}>
                    <Button
                      size="small"
                      icon={<DiffOutlined />}
                      aria-label={t('compare.compareFile', { name: entry.name })}
                      onClick={() => pick(entry, path)}
                    >
                      {mobile ? null : t('compare.compareAction')}
                    </Button>
                  </Tooltip>
                )
              }
            />
          </Flex>
        ) : null)}
      <DiffModal
        open={diff.open}
        projectId={projectId}
        filePath={file ?? ''}
        row={diff.value}
        onClose={diff.close}
      />
    </CopyDrawer>
  );
}
