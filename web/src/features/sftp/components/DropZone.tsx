import { CloudUploadOutlined } from '@ant-design/icons';
import { Flex, theme, Typography } from 'antd';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { carriesFiles, droppedEntries, type EntryLike } from '../utils/walkDrop';

interface DropZoneProps {
  /** Whether drops are taken (the user may upload and a directory is shown). */
  enabled: boolean;
  /** What the overlay says: where the files go. */
  hint: string;
  onDrop: (dropped: { entries: EntryLike[]; plainFiles: File[] }) => void;
  children: ReactNode;
}

/**
 * Takes files and folders dragged from the desktop onto the directory. While files are dragged
 * over it, an overlay says where they will go; text or links dragged about are ignored.
 */
export function DropZone({ enabled, hint, onDrop, children }: DropZoneProps) {
  const { token } = theme.useToken();
  const [over, setOver] = useState(false);
  // dragenter and dragleave fire for every child crossed: count them to know when it leaves.
  const depth = useRef(0);

  const accepts = (e: DragEvent) => enabled && carriesFiles(e.dataTransfer);
  return (
    <div
      style={{ position: 'relative' }}
      onDragEnter={(e) => {
        if (!accepts(e)) return;
        e.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(e) => {
        if (!accepts(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(e) => {
        if (!accepts(e)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(e) => {
        if (!accepts(e)) return;
        e.preventDefault();
        depth.current = 0;
        setOver(false);
        // The items empty once the event is over: take their entries now, walk them later.
        onDrop(droppedEntries(e.dataTransfer));
      }}
    >
      {children}
      {over ? (
        <Flex
          vertical
          align="center"
          justify="center"
          gap={8}
          style={{
            position: 'absolute',
            inset: 0,
            zIndex: 10,
            pointerEvents: 'none',
            border: `2px dashed ${token.colorPrimary}`,
            borderRadius: token.borderRadiusLG,
            background: token.colorBgMask,
          }}
        >
          <CloudUploadOutlined style={{ fontSize: 48, color: token.colorWhite }} />
          <Typography.Text strong style={{ color: token.colorWhite, textAlign: 'center' }}>
            {hint}
          </Typography.Text>
        </Flex>
      ) : null}
    </div>
  );
}
