// sm-crypto 0.5 ships no types (and @types/sm-crypto describes 0.3): what platform/auth/sm2.ts and the
// SpringBlade sign-in test use of it. Hex strings throughout; cipherMode 1 is C1C3C2, 0 is C1C2C3.
declare module 'sm-crypto' {
  interface Sm2 {
    generateKeyPairHex(): { privateKey: string; publicKey: string };
    getPublicKeyFromPrivateKey(privateKey: string): string;
    verifyPublicKey(publicKey: string): boolean;
    comparePublicKeyHex(publicKey1: string, publicKey2: string): boolean;
    doEncrypt(message: string, publicKey: string, cipherMode?: 0 | 1): string;
    /** The message's bytes, or an empty array when the ciphertext's hash (C3) does not match. */
    doDecrypt(ciphertext: string, privateKey: string, cipherMode: 0 | 1, options: { output: 'array' }): number[];
  }
  const smCrypto: { sm2: Sm2 };
  export default smCrypto;
}
