export { ruleColumnsOf } from './rules/rule-columns.js';
