import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { Text } from './Text';
import { Title } from './Title';
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
        <Title level={mobile ? 4 : 3} style={{ margin: 0 }}>
          {title}
        </Title>
        {subtitle && !mobile ? (
          <Text secondary style={{ display: 'block', marginTop: 4 }}>
            {subtitle}
          </Text>
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
