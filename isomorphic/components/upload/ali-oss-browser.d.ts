// The browser build of ali-oss ships without types; upload-transport.ts describes the part it uses.
declare module 'ali-oss/dist/aliyun-oss-sdk.min.js' {
  const OSS: unknown;
  export default OSS;
}
