import type * as contract from '@ferry/contract';

/** One directory entry as `/ws/sftp` lists it. */
export type SftpEntry = contract.SftpEntry;

/**
 * The close codes of `/ws/sftp` (contract sftp-frames.ts). Typed as the contract's own constant,
 * so a changed code fails the type check here.
 */
export const SftpClose: typeof contract.SftpClose = {
  sshFailed: 4100,
  idle: 4101,
  serverDisabled: 4102,
};
