import Avatar from 'antd/es/avatar/Avatar';

/**
 * antd's avatar alone: `Avatar` from antd's index brings its group along, and with it antd's
 * Popover (about 2 KB gzip), which a single avatar never shows.
 */
export const PlainAvatar = Avatar;
