export const SMS_API = '/blade-resource/sms';
