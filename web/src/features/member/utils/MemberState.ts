/** Which members the page lists: the enabled ones (the default), the disabled ones, or all. */
export const MEMBER_STATES = ['enabled', 'disabled', 'all'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];
