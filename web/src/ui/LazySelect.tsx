import { DownOutlined } from '@ant-design/icons';
import { theme, type SelectProps } from 'antd';
import { useEffect, useState, type ComponentType, type CSSProperties } from 'react';

type Select = ComponentType<SelectProps<unknown>>;

let loaded: Select | undefined;
let loading: Promise<Select> | undefined;

/** antd's select (about 22 KB gzip); a failed fetch is tried again at the next use. */
function loadSelect(): Promise<Select> {
  loading ??= import('./AntdSelect').then(
    (m) => {
      loaded = m.AntdSelect as Select;
      return loaded;
    },
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (Array.isArray(value) && value.length === 0);

/** What the user did to the stand-in, weakest first: the select takes its place and follows. */
const INTENTS = ['hover', 'focus', 'open'] as const;
type Intent = (typeof INTENTS)[number];

const stronger = (was: Intent | undefined, now: Intent): Intent =>
  was && INTENTS.indexOf(was) > INTENTS.indexOf(now) ? was : now;

/**
 * An antd select whose code is fetched when the pointer first comes over it, it takes the focus
 * or it holds a value: until then an empty box of the same size and look stands in (placeholder
 * and arrow), so a page whose filters start empty paints without the select's code. The select
 * then takes the stand-in's place, focused if it was, open if it was pressed.
 */
export const LazySelect = Object.assign(LazySelectOf, { preload: loadSelect });

function LazySelectOf<V>(props: SelectProps<V>) {
  const [Loaded, setLoaded] = useState(() => loaded);
  const [intent, setIntent] = useState<Intent>();
  const wanted = intent !== undefined || !isEmpty(props.value);
  useEffect(() => {
    if (Loaded || !wanted) return;
    let live = true;
    loadSelect()
      .then((s) => {
        if (live) setLoaded(() => s);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [Loaded, wanted]);

  if (Loaded) {
    return (
      <Loaded
        {...(props as SelectProps<unknown>)}
        defaultOpen={intent === 'open' || props.defaultOpen}
        autoFocus={intent === 'focus' || intent === 'open' || props.autoFocus}
      />
    );
  }
  return (
    <StandIn
      props={props as SelectProps<unknown>}
      intent={intent}
      onIntent={(now) => setIntent((was) => stronger(was, now))}
    />
  );
}

interface StandInProps {
  props: SelectProps<unknown>;
  intent: Intent | undefined;
  onIntent: (intent: Intent) => void;
}

/** The empty select's box as antd draws it, with the theme's colours. */
function StandIn({ props, intent, onIntent }: StandInProps) {
  const { token } = theme.useToken();
  const { style } = props;
  const box: CSSProperties = {
    ...style,
    // A select with only a minimum width is that wide while empty.
    width: style?.width ?? style?.minWidth,
    display: 'flex',
    alignItems: 'center',
    boxSizing: 'border-box',
    height: token.controlHeight,
    padding: `0 ${token.paddingSM - token.lineWidth}px`,
    border: `${token.lineWidth}px ${token.lineType} ${intent ? token.colorPrimaryHover : token.colorBorder}`,
    borderRadius: token.borderRadius,
    boxShadow:
      intent && intent !== 'hover'
        ? `0 0 0 ${token.controlOutlineWidth}px ${token.controlOutline}`
        : undefined,
    background: token.colorBgContainer,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    cursor: 'pointer',
    outline: 'none',
  };
  const open = () => onIntent('open');
  return (
    <div
      role="combobox"
      tabIndex={0}
      aria-label={props['aria-label']}
      aria-expanded={false}
      aria-haspopup="listbox"
      style={box}
      onPointerEnter={() => onIntent('hover')}
      onMouseDown={open}
      onFocus={() => onIntent('focus')}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') open();
      }}
    >
      <span
        style={{
          flex: 1,
          minWidth: 0,
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          textOverflow: 'ellipsis',
          color: token.colorTextPlaceholder,
        }}
      >
        {props.placeholder}
      </span>
      <DownOutlined
        aria-hidden
        style={{ fontSize: token.fontSizeIcon, color: token.colorTextQuaternary }}
      />
    </div>
  );
}
