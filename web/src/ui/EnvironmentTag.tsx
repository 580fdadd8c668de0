import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** product.md §4: 1 production, 2 pre-release, 3 test, 4 development. */
const COLORS: Record<number, string> = { 1: 'red', 2: 'orange', 3: 'blue', 4: 'green' };

/** The environment a project deploys to, coloured by how careful one must be. */
export function EnvironmentTag({ environment }: { environment: number }) {
  const { t } = useTranslation();
  const known = environment >= 1 && environment <= 4;
  return (
    <Tag color={COLORS[environment]} variant="filled">
      {known ? t(`environment.${environment as 1 | 2 | 3 | 4}`) : t('environment.unknown')}
    </Tag>
  );
}
