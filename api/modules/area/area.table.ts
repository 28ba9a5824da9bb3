// Tables of the area module: provinces (level 1), cities (2), districts (3). Collected into Database by api/db/schema.ts.

export interface AreaTable {
  code: string;
  name: string;
  parent_code: string | null;
  level: number;
}

export interface AreaTables {
  area: AreaTable;
}
