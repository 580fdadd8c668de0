import { Flex, Tag } from 'antd';
import { Dash } from './Dash';
import { splitLabels } from './splitLabels';

/** A project's labels as tags, wrapping within a narrow column. */
export function LabelTags({ label }: { label: string }) {
  const labels = splitLabels(label);
  if (labels.length === 0) return <Dash />;
  return (
    <Flex gap={4} wrap style={{ maxWidth: 220 }}>
      {labels.map((l) => (
        <Tag key={l} style={{ marginInlineEnd: 0 }}>
          {l}
        </Tag>
      ))}
    </Flex>
  );
}
