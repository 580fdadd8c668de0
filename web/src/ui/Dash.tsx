import { Text } from './Text';

/** What a table cell shows for a blank value. */
export function Dash() {
  return <Text secondary>—</Text>;
}
