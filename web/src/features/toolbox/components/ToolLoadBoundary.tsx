import { Alert } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function LoadFailed() {
  const { t } = useTranslation('toolbox');
  return <Alert type="error" showIcon role="alert" title={t('loadFailed')} />;
}

/** Shows a message instead of a blank panel when a tool's code fails to download. */
export class ToolLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}
