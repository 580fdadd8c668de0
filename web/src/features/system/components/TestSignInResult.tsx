import { CheckOutlined } from '@ant-design/icons';
import { Alert, Descriptions, Flex, Tag, type AlertProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Text } from '../../../ui/Text';
import type { TestedSignIn } from '../utils/MappingRow';
import { MappingGrant } from './MappingGrant';

type Outcome = TestedSignIn['outcome'];

const ALERT_TYPE: Record<Outcome, AlertProps['type']> = {
  ok: 'success',
  no_entry: 'error',
  ambiguous: 'error',
  wrong_password: 'error',
  no_mapped_group: 'warning',
  directory_unavailable: 'error',
  local_only: 'info',
};

/** What a tested sign-in found: the verdict, then the entry, its groups and the memberships. */
export function TestSignInResult({ result }: { result: TestedSignIn }) {
  const { t } = useTranslation('system');
  const { entry } = result;
  const mapped = new Set(result.mappedGroups);
  // The directory's own words say why it did not answer; the other verdicts are ours.
  const detail = result.outcome === 'directory_unavailable' ? result.message : undefined;
  return (
    <Flex
      vertical
      gap={16}
      style={{ marginTop: 16 }}
      role="region"
      aria-label={t('signIn.test.result')}
    >
      <Alert
        type={ALERT_TYPE[result.outcome]}
        showIcon
        title={t(`signIn.test.outcome.${result.outcome}`)}
        description={detail}
      />
      {entry ? (
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            {
              key: 'dn',
              label: t('signIn.test.entry'),
              children: <Text code>{entry.dn}</Text>,
            },
            { key: 'name', label: t('signIn.test.name'), children: entry.name || entry.account },
            {
              key: 'password',
              label: t('signIn.test.password'),
              children: result.passwordChecked
                ? t('signIn.test.passwordChecked')
                : t('signIn.test.passwordNotChecked'),
            },
            {
              key: 'member',
              label: t('signIn.test.member'),
              children: result.existing ? t('signIn.test.existing') : t('signIn.test.created'),
            },
            {
              key: 'groups',
              label: t('signIn.test.groups'),
              children:
                entry.groups.length === 0 ? (
                  <Text secondary>{t('signIn.test.noGroups')}</Text>
                ) : (
                  <Flex wrap gap={4}>
                    {entry.groups.map((g) =>
                      mapped.has(g) ? (
                        <Tag
                          key={g}
                          color="blue"
                          icon={<CheckOutlined />}
                          title={t('signIn.test.mapped')}
                        >
                          {g}
                        </Tag>
                      ) : (
                        <Tag key={g}>{g}</Tag>
                      ),
                    )}
                  </Flex>
                ),
            },
            {
              key: 'memberships',
              label: t('signIn.test.memberships'),
              children: (
                <Flex vertical gap={4}>
                  {result.superManager ? (
                    <MappingGrant superManager namespaceName="" roleName="" />
                  ) : null}
                  {result.memberships.map((m) => (
                    <span key={`${m.group}|${m.namespaceName}`}>
                      <MappingGrant
                        superManager={false}
                        namespaceName={m.namespaceName}
                        roleName={m.roleName}
                      />{' '}
                      <Text secondary>{t('signIn.test.through', { group: m.group })}</Text>
                    </span>
                  ))}
                  {!result.superManager && result.memberships.length === 0 ? (
                    <Text secondary>{t('signIn.test.noMemberships')}</Text>
                  ) : null}
                </Flex>
              ),
            },
          ]}
        />
      ) : null}
    </Flex>
  );
}
