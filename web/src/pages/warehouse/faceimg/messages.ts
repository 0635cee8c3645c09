import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  faceimg: {
    name: ['姓名', 'Name'],
    employeeNo: ['工号', 'Employee no.'],
    deptId: ['所属部门', 'Department'],
    phone: ['联系电话', 'Phone'],
    imageUrl: ['人脸照片', 'Face photo'],
    noPhoto: ['无照片', 'No photo'],
  },
});
