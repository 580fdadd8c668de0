/** antd's select in a module of its own, for `LazySelect` to fetch when it is first used. */
export { Select as AntdSelect } from 'antd';
