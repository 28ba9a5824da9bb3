// Words of the image upload control and the cropper, as {zh, en} pairs (see use-words.ts).
import type { Words } from '../use-words';

export const uploadWords = {
  choose: { zh: '选择图片', en: 'Choose images' },
  chooseOne: { zh: '选择图片', en: 'Choose an image' },
  hint: { zh: '支持 png、jpg、jpeg、bmp 格式，单张不超过 {size}MB', en: 'png, jpg, jpeg or bmp, up to {size} MB each' },
  hintMax: { zh: '，最多 {count} 张', en: ', at most {count} images' },
  tooMany: { zh: '最多只能上传 {count} 张图片', en: 'At most {count} images can be uploaded' },
  tooLarge: { zh: '图片大小需在 {size}MB 以内', en: 'Image size must be within {size} MB' },
  badType: { zh: '只能上传 png、jpg、jpeg、bmp 格式的图片', en: 'Only png, jpg, jpeg and bmp images can be uploaded' },
  failed: { zh: '上传失败', en: 'Upload failure' },
  uploading: { zh: '正在上传 {done}/{total}', en: 'Uploading {done}/{total}' },
  progress: { zh: '上传进度', en: 'Upload progress' },
  remove: { zh: '删除', en: 'Remove' },
  removeNamed: { zh: '删除图片 {name}', en: 'Remove image {name}' },
  uploaded: { zh: '已上传的图片', en: 'Uploaded images' },
  cropTitle: { zh: '裁剪图片', en: 'Crop image' },
  zoomIn: { zh: '放大', en: 'Zoom in' },
  zoomOut: { zh: '缩小', en: 'Zoom out' },
  rotateLeft: { zh: '向左旋转', en: 'Rotate left' },
  rotateRight: { zh: '向右旋转', en: 'Rotate right' },
  reset: { zh: '重置', en: 'Reset' },
  confirm: { zh: '确定', en: 'OK' },
  cancel: { zh: '取消', en: 'Cancel' },
  loadingCropper: { zh: '正在加载裁剪工具…', en: 'Loading the cropper…' },
  cropHelp: { zh: '拖动图片移动，滚轮或按钮缩放，拖动选框调整裁剪范围。', en: 'Drag to move the image, use the wheel or buttons to zoom, drag the frame to choose the crop.' },
} satisfies Words;
