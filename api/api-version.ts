/** Version of the API the OpenAPI documents and the MCP server declare. */
export const API_VERSION = '1.0.0';
