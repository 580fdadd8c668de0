import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useIsMobile } from './useIsMobile';

interface PageHeaderProps {
  title: ReactNode;
  /** A line under the title; phones leave it out to give the content the room. */
  subtitle?: ReactNode;
  /** Buttons on the right; they wrap below the title on narrow screens. */
  extra?: ReactNode;
}

/** The title block at the top of every page. */
export function PageHeader({ title, subtitle, extra }: PageHeaderProps) {
  const mobile = useIsMobile();
  return (
    <Flex
      justify="space-between"
      align="flex-start"
      gap={12}
      wrap
      style={{ marginBottom: mobile ? 12 : 20 }}
    >
      <div style={{ minWidth: 0 }}>
        <Typography.Title level={mobile ? 4 : 3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {subtitle && !mobile ? (
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
            {subtitle}
          </Typography.Text>
        ) : null}
      </div>
      {extra ? (
        <Flex gap={8} wrap>
          {extra}
        </Flex>
      ) : null}
    </Flex>
  );
}
