import { ConfigProvider, Tabs } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useIsMobile } from '../../../ui/useIsMobile';
import { TOOLS, type ToolKey } from '../utils/toolboxMode';
import { OpenPageLink } from './OpenPageLink';
import { ToolPanel } from './ToolPanel';

/** The toolbox dialog's width (product.md §9); below 992px it fills the screen. */
const DIALOG_WIDTH = 600;

/** A tighter tab column, so the tools keep most of the 600px (the theme's other tokens inherit). */
const COMPACT_TABS = {
  components: { Tabs: { verticalItemPadding: '6px 16px', verticalItemMargin: '4px 0 0 0' } },
};

interface ToolboxDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The navbar's toolbox: all ten tools as tabs. It stays mounted when closed, so what was typed
 * is still there when it opens again.
 */
export function ToolboxDialog({ open, onClose }: ToolboxDialogProps): ReactElement {
  const { t } = useTranslation('toolbox');
  const [active, setActive] = useState<ToolKey>('time');
  // Ten tabs overflow a 600px row; a column shows them all. A phone keeps the row (swiped), as a
  // column would leave the tools too narrow.
  const mobile = useIsMobile();
  return (
    <ResponsiveModal
      open={open}
      onCancel={onClose}
      title={t('title')}
      width={DIALOG_WIDTH}
      destroyOnHidden={false}
      footer={<OpenPageLink tool={active} onOpen={onClose} />}
    >
      <ConfigProvider theme={COMPACT_TABS}>
        <Tabs
          tabPlacement={mobile ? 'top' : 'start'}
          activeKey={active}
          onChange={(key) => setActive(key as ToolKey)}
          items={TOOLS.map((tool) => ({
            key: tool,
            label: t(`tools.${tool}`),
            children: <ToolPanel tool={tool} cronLanguage="ui" compact />,
          }))}
        />
      </ConfigProvider>
    </ResponsiveModal>
  );
}
