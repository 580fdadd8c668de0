import { Tag } from 'antd';
import { Dash } from '../../../ui/Dash';
import { responseCode } from '../utils/responseCode';

/** The envelope code of a stored response: green for 0, red otherwise, a dash when unknown. */
export function ResponseCodeTag({ responseData }: { responseData: string }) {
  const code = responseCode(responseData);
  if (code === undefined) return <Dash />;
  return <Tag color={code === 0 ? 'success' : 'error'}>{code}</Tag>;
}
