import { Button, Flex } from 'antd';
import type { ReactElement, ReactNode } from 'react';

interface SaveFooterProps {
  cancelText: ReactNode;
  saveText: ReactNode;
  /** The save button spins while this is true. */
  saving: boolean;
  onCancel: () => void;
  onSave: () => void;
}

/** The footer of a form drawer: cancel, then the primary save, at the end of the line. */
export function SaveFooter(props: SaveFooterProps): ReactElement {
  return (
    <Flex justify="flex-end" gap={8}>
      <Button onClick={props.onCancel}>{props.cancelText}</Button>
      <Button type="primary" loading={props.saving} onClick={props.onSave}>
        {props.saveText}
      </Button>
    </Flex>
  );
}
