import { theme } from 'antd';
import type { ReactNode } from 'react';

interface EditorFrameProps {
  children: ReactNode;
  /** Ctrl+`key` or ⌘`key` inside the frame does this instead of what the editor or browser would. */
  shortcut?: { key: string; run: () => void };
}

/** The border around a code editor, and the one keyboard shortcut its page gives it. */
export function EditorFrame({ children, shortcut }: EditorFrameProps) {
  const { token } = theme.useToken();
  return (
    <div
      onKeyDownCapture={(e) => {
        if (!shortcut || !(e.ctrlKey || e.metaKey)) return;
        if (e.key.toLowerCase() !== shortcut.key.toLowerCase()) return;
        e.preventDefault();
        e.stopPropagation();
        shortcut.run();
      }}
      style={{
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        overflow: 'hidden',
      }}
    >
      {children}
    </div>
  );
}
