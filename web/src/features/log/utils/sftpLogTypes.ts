import type * as contract from '@ferry/contract';

/**
 * The actions `sftp_log.type` records, in the contract's order. `@ferry/contract/client` does not
 * carry them yet; typed as the contract's own list, so a changed list fails the type check here.
 */
export const SFTP_LOG_TYPES: typeof contract.SFTP_LOG_TYPES = [
  'READ',
  'PREVIEW',
  'DOWNLOAD',
  'UPLOAD',
  'EDIT',
  'RENAME',
  'COPY',
  'DELETE',
  'TRANSFER',
  'MKDIR',
];

export type SftpLogType = contract.SftpLogType;

export const isSftpLogType = (v: unknown): v is SftpLogType =>
  (SFTP_LOG_TYPES as readonly unknown[]).includes(v);
