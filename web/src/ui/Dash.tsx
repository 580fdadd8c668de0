import { Typography } from 'antd';

/** What a table cell shows for a blank value. */
export function Dash() {
  return <Typography.Text type="secondary">—</Typography.Text>;
}
