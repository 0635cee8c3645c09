import md5 from 'blueimp-md5';
import { type Envelope, http } from './http.ts';

export interface SelfInfo {
  id: string;
  account: string;
  name: string | null;
  realName: string | null;
  phone: string | null;
  email: string | null;
  avatar: string | null;
}

export const fetchSelf = () => http<Envelope<SelfInfo>>({ url: '/blade-user/info' }).then((r) => r.data);

export const updateSelf = (info: Pick<SelfInfo, 'name' | 'phone' | 'email' | 'avatar'>) =>
  http({ url: '/blade-user/update-info', method: 'POST', data: info });

/** The three passwords as typed; each is sent as its md5, as every password the client sends. */
export const updatePassword = (oldPassword: string, newPassword: string, newPassword1: string) =>
  http({
    url: '/blade-user/update-password',
    method: 'POST',
    params: { oldPassword: md5(oldPassword), newPassword: md5(newPassword), newPassword1: md5(newPassword1) },
  });
