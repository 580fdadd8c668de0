import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { NamespaceDirectory } from '../namespace/namespace.api.js';
import type { UserAccounts } from './user.api.js';
import { userPlugin } from './user.plugin.js';
import { createUserRepository } from './user.repository.js';
import { createUserService } from './user.service.js';

/** Accounts: members, profiles, API keys. */
export function createUserModule(
  shared: SharedDeps,
  deps: { namespaces: NamespaceDirectory },
): FeatureModule<UserAccounts> {
  const users = createUserRepository(shared.db);
  const service = createUserService({
    db: shared.db,
    users,
    namespaces: deps.namespaces,
    box: shared.box,
    clock: shared.clock,
    events: shared.events,
  });
  return {
    plugin: userPlugin(service),
    api: {
      findById: (id) => users.findById(id),
      findByAccount: (account) => users.findByAccount(account),
      findByContact: (contact) => users.findByContact(contact),
      findByApiKeyHash: async (hash) => users.findByApiKeyHash(hash),
      update: (id, patch) => users.update(id, patch),
      async createFromDirectory(account, name) {
        const now = shared.clock.now();
        const id = await users.insert({
          account,
          password: '',
          name,
          contact: '',
          superManager: 0,
          passwordUpdateTime: now,
          now,
        });
        const user = await users.findById(id);
        if (!user) throw new Error(`user ${account} vanished after it was created`);
        return user;
      },
    },
  };
}
