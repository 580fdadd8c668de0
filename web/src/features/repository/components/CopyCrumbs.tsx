import { HomeOutlined, ReloadOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyCrumbs } from '../utils/copyPath';

/**
 * Where in the working copy the listing is: the copy itself, then each folder, each a link back
 * to it but the last; and a refresh.
 */
export function CopyCrumbs(props: {
  dir: string;
  loading: boolean;
  onGo: (dir: string) => void;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('repository');
  const crumbs = copyCrumbs(props.dir);
  const go = (path: string) => (e: React.MouseEvent) => {
    e.preventDefault();
    props.onGo(path);
  };
  const root = (
    <span>
      <HomeOutlined aria-hidden /> {t('browser.root')}
    </span>
  );
  const items = [
    {
      key: '',
      title: crumbs.length ? (
        <a href="#" onClick={go('')}>
          {root}
        </a>
      ) : (
        root
      ),
    },
    ...crumbs.map((c, i) => ({
      key: c.path,
      title:
        i === crumbs.length - 1 ? (
          c.name
        ) : (
          <a href="#" onClick={go(c.path)}>
            {c.name}
          </a>
        ),
    })),
  ];
  return (
    <Flex align="center" gap={8} style={{ minWidth: 0 }}>
      <nav aria-label={t('browser.crumbsLabel')} style={{ flex: 1, minWidth: 0 }}>
        <Breadcrumb items={items} style={{ overflowWrap: 'anywhere' }} />
      </nav>
      <Tooltip title={t('browser.refresh')}>
        <Button
          type="text"
          aria-label={t('browser.refresh')}
          icon={<ReloadOutlined />}
          loading={props.loading}
          onClick={props.onRefresh}
        />
      </Tooltip>
    </Flex>
  );
}
