import { Empty } from 'antd';

/** A table's empty state, saying what to do next. */
export function TableEmpty({ text }: { text: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}
