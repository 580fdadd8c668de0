import { useTranslation } from 'react-i18next';

/** A channel's name (WeCom, DingTalk, Feishu, custom webhook); an unknown one by its number. */
export function useChannelName(): (channel: number) => string {
  const { t } = useTranslation('notification');
  return (channel) => t(`channel.${channel}` as 'channel.1', { defaultValue: String(channel) });
}
