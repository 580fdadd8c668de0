import { PREDEFINED_VARIABLES } from '@ferry/contract/client';
import { Collapse, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { VariableLine } from '../../../ui/VariableLine';
import type { CustomVariableValues } from '../utils/projectForm';

type Group = keyof typeof PREDEFINED_VARIABLES;
const GROUPS = Object.keys(PREDEFINED_VARIABLES) as Group[];

/** A variable's line, named for screen readers in the project's words. */
function ProjectVariable(props: { name: string; meaning: string; onPick: (text: string) => void }) {
  const { t } = useTranslation('project');
  return (
    <VariableLine {...props} insertLabel={t('variables.insert', { name: `\${${props.name}}` })} />
  );
}

/**
 * Every variable a script may use, with its meaning: the predefined ones by group and the
 * project's own. A click puts it where the last edited script's cursor is.
 */
export function VariablesPanel({ onPick }: { onPick: (text: string) => void }) {
  const { t } = useTranslation('project');
  const custom = Form.useWatch<CustomVariableValues[] | undefined>(['script', 'customVariables']);
  const named = (custom ?? []).filter((v) => v?.name?.trim());
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t('variables.title')}</Typography.Text>
      <Typography.Text type="secondary">{t('variables.help')}</Typography.Text>
      <Collapse
        size="small"
        defaultActiveKey={['project']}
        items={[
          ...GROUPS.map((group) => ({
            key: group,
            label: t(`variables.groups.${group}`),
            children: PREDEFINED_VARIABLES[group].map((name) => (
              <ProjectVariable
                key={name}
                name={name}
                meaning={t(`variables.meaning.${name}`)}
                onPick={onPick}
              />
            )),
          })),
          {
            key: 'custom',
            label: t('variables.groups.custom'),
            children:
              named.length === 0 ? (
                <Typography.Text type="secondary">{t('variables.noCustom')}</Typography.Text>
              ) : (
                named.map((v) => (
                  <ProjectVariable
                    key={v.name}
                    name={v.name.trim()}
                    meaning={t(`customVariables.types.${v.type}`)}
                    onPick={onPick}
                  />
                ))
              ),
          },
        ]}
      />
      <Typography.Text type="secondary" style={{ fontSize: '0.9em' }}>
        {t('variables.noPasswords')}
      </Typography.Text>
    </Flex>
  );
}
