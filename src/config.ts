/** The API's base address, fixed at build time (webpack's DefinePlugin replaces the variable). */
export const API_BASE_URL: string = process.env.API_BASE_URL || '/api/v1';
