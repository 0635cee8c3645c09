import { defineMessages } from '../../app/messages.ts';

export default defineMessages({
  dashboard: {
    users: ['用户总数', 'Users'],
    signedInWeek: ['近7天登录用户', 'Signed in, last 7 days'],
    apiCallsToday: ['今日接口调用（变更）', 'API changes today'],
    errorsToday: ['今日错误', 'Errors today'],
    apiCalls: ['接口调用（变更）', 'API changes'],
    errors: ['错误', 'Errors'],
    activity: ['近7天接口调用与错误', 'API changes and errors, last 7 days'],
    activityChart: ['每日接口调用与错误柱状图', 'Bar chart of API changes and errors per day'],
    warehouse: ['仓储关键指标', 'Warehouse key figures'],
    nothing: [
      '您的角色没有可查看的统计数据（用户、日志或仓储报表）',
      'Your roles may read none of these figures (users, logs or warehouse reports)',
    ],
  },
});
