import type { NotifyUse, TemplateChannel } from './notification-data.js';

export interface NotifyTemplateText {
  title: string;
  template: string;
}

const servers = '{{#each servers}}{{name}} ({{host}}){{#unless @last}}, {{/unless}}{{/each}}';

/** WeCom markdown: quoted lines; colours info (green), warning (orange), comment (grey). */
const wecom: Record<NotifyUse, NotifyTemplateText> = {
  deploy: {
    title: '## Deploy {{project.name}}',
    template: [
      '> Project: {{project.name}} ({{project.environment}})',
      '> Publisher: {{deploy.publisher}}',
      '> Author: {{commit.author}}',
      '{{#if commit.tag}}> Tag: {{commit.tag}}\n{{/if}}> Branch: {{commit.branch}}',
      '> Commit: {{commit.shortId}} {{commit.message}}',
      `> Servers: ${servers}`,
      '> State: {{#if deploy.succeeded}}<font color="info">success</font>{{else}}<font color="warning">fail</font>{{/if}}',
      '{{#if deploy.detail}}> Detail: <font color="comment">{{deploy.detail}}</font>{{/if}}',
    ].join('\n'),
  },
  monitor: {
    title: '## Monitor {{monitor.name}}',
    template: [
      '{{#if recovered}}> <font color="info">{{monitor.name}} is reachable again after {{downtime}} down</font>{{else}}> <font color="warning">{{monitor.name}} can not be reached</font>{{/if}}',
      '> Target: {{monitor.target}}',
      '{{#if error}}> Error: {{error}}\n{{/if}}> Time: {{time}}',
    ].join('\n'),
  },
  server_monitor: {
    title: '## {{server.name}} {{rule.item}} {{#if recovered}}recovered{{else}}warning{{/if}}',
    template: [
      '> Server: {{server.name}} ({{server.host}}){{#if server.description}} {{server.description}}{{/if}}',
      '> Item: {{rule.item}}',
      '{{#if recovered}}> <font color="info">Recovered after {{breachTime}}: {{rule.formula}} value {{cycleValue}}</font>{{else}}> <font color="warning">{{rule.formula}} value: {{cycleValue}}, {{rule.operator}} {{rule.value}}</font>{{/if}}',
      '> Time: {{time}}',
    ].join('\n'),
  },
};

/** DingTalk markdown: a heading, then list items; colours as HTML font tags. */
const dingtalk: Record<NotifyUse, NotifyTemplateText> = {
  deploy: {
    title: 'Deploy {{project.name}}',
    template: [
      '#### Deploy {{project.name}}',
      '- Project: {{project.name}} ({{project.environment}})',
      '- Publisher: {{deploy.publisher}}',
      '- Author: {{commit.author}}',
      '{{#if commit.tag}}- Tag: {{commit.tag}}\n{{/if}}- Branch: {{commit.branch}}',
      '- Commit: {{commit.shortId}} {{commit.message}}',
      `- Servers: ${servers}`,
      '- State: {{#if deploy.succeeded}}<font color=#52c41a>success</font>{{else}}<font color=#f5222d>fail</font>{{/if}}',
      '{{#if deploy.detail}}- Detail: {{deploy.detail}}{{/if}}',
    ].join('\n'),
  },
  monitor: {
    title: 'Monitor {{monitor.name}}',
    template: [
      '#### Monitor {{monitor.name}}',
      '{{#if recovered}}- <font color=#52c41a>{{monitor.name}} is reachable again after {{downtime}} down</font>{{else}}- <font color=#f5222d>{{monitor.name}} can not be reached</font>{{/if}}',
      '- Target: {{monitor.target}}',
      '{{#if error}}- Error: {{error}}\n{{/if}}- Time: {{time}}',
    ].join('\n'),
  },
  server_monitor: {
    title: '{{server.name}} {{rule.item}} {{#if recovered}}recovered{{else}}warning{{/if}}',
    template: [
      '#### {{server.name}} {{rule.item}} {{#if recovered}}recovered{{else}}warning{{/if}}',
      '- Server: {{server.name}} ({{server.host}}){{#if server.description}} {{server.description}}{{/if}}',
      '- Item: {{rule.item}}',
      '{{#if recovered}}- <font color=#52c41a>Recovered after {{breachTime}}: {{rule.formula}} value {{cycleValue}}</font>{{else}}- <font color=#f5222d>{{rule.formula}} value: {{cycleValue}}, {{rule.operator}} {{rule.value}}</font>{{/if}}',
      '- Time: {{time}}',
    ].join('\n'),
  },
};

/** Feishu plain text. */
const feishu: Record<NotifyUse, NotifyTemplateText> = {
  deploy: {
    title: 'Deploy {{project.name}}',
    template: [
      'Project: {{project.name}} ({{project.environment}})',
      'Publisher: {{deploy.publisher}}',
      'Author: {{commit.author}}',
      '{{#if commit.tag}}Tag: {{commit.tag}}\n{{/if}}Branch: {{commit.branch}}',
      'Commit: {{commit.shortId}} {{commit.message}}',
      `Servers: ${servers}`,
      'State: {{deploy.state}}',
      '{{#if deploy.detail}}Detail: {{deploy.detail}}{{/if}}',
    ].join('\n'),
  },
  monitor: {
    title: 'Monitor {{monitor.name}}',
    template: [
      '{{#if recovered}}{{monitor.name}} is reachable again after {{downtime}} down{{else}}{{monitor.name}} can not be reached{{/if}}',
      'Target: {{monitor.target}}',
      '{{#if error}}Error: {{error}}\n{{/if}}Time: {{time}}',
    ].join('\n'),
  },
  server_monitor: {
    title: '{{server.name}} {{rule.item}} {{#if recovered}}recovered{{else}}warning{{/if}}',
    template: [
      'Server: {{server.name}} ({{server.host}}){{#if server.description}} {{server.description}}{{/if}}',
      'Item: {{rule.item}}',
      '{{#if recovered}}Recovered after {{breachTime}}: {{rule.formula}} value {{cycleValue}}{{else}}{{rule.formula}} value: {{cycleValue}}, {{rule.operator}} {{rule.value}}{{/if}}',
      'Time: {{time}}',
    ].join('\n'),
  },
};

/** The templates a namespace starts with, per channel and use. */
export const DEFAULT_TEMPLATES: Record<TemplateChannel, Record<NotifyUse, NotifyTemplateText>> = {
  1: wecom,
  2: dingtalk,
  3: feishu,
};
