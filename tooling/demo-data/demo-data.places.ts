// Real cities and real streets of them, with coordinates close to where each street is, so the detail page's
// map shows a believable spot. Prices are monthly rents and sale prices typical of each city, in dollars.

export type Street = { name: string; area: string; lat: number; lng: number };

export type City = {
  name: string;
  /** How the address line ends, after the street part. */
  suffix: string;
  /** "number street" (English, French) or "street number" (German, Portuguese) or Japanese block numbers. */
  addressStyle: "number-first" | "number-last" | "japanese";
  rent: readonly [number, number];
  sale: readonly [number, number];
  streets: readonly Street[];
};

export const CITIES: readonly City[] = [
  {
    name: "Paris",
    suffix: "Paris, France",
    addressStyle: "number-first",
    rent: [1400, 5200],
    sale: [420_000, 2_400_000],
    streets: [
      { name: "Rue Oberkampf", area: "Oberkampf", lat: 48.865, lng: 2.378 },
      { name: "Rue des Martyrs", area: "Pigalle", lat: 48.8805, lng: 2.3392 },
      { name: "Rue de Rivoli", area: "Le Marais", lat: 48.8557, lng: 2.359 },
      { name: "Boulevard Voltaire", area: "Bastille", lat: 48.8589, lng: 2.3786 },
      { name: "Rue Cler", area: "Gros-Caillou", lat: 48.8562, lng: 2.3065 },
    ],
  },
  {
    name: "London",
    suffix: "London, United Kingdom",
    addressStyle: "number-first",
    rent: [1800, 6000],
    sale: [480_000, 2_500_000],
    streets: [
      { name: "Portobello Road", area: "Notting Hill", lat: 51.5155, lng: -0.2049 },
      { name: "Upper Street", area: "Islington", lat: 51.5412, lng: -0.1027 },
      { name: "Brick Lane", area: "Shoreditch", lat: 51.5216, lng: -0.0717 },
      { name: "Kings Road", area: "Chelsea", lat: 51.4873, lng: -0.1686 },
      { name: "Clapham High Street", area: "Clapham", lat: 51.4628, lng: -0.1383 },
    ],
  },
  {
    name: "Berlin",
    suffix: "Berlin, Germany",
    addressStyle: "number-last",
    rent: [900, 3400],
    sale: [260_000, 1_600_000],
    streets: [
      { name: "Kastanienallee", area: "Prenzlauer Berg", lat: 52.5389, lng: 13.4095 },
      { name: "Bergmannstraße", area: "Kreuzberg", lat: 52.4898, lng: 13.3925 },
      { name: "Simon-Dach-Straße", area: "Friedrichshain", lat: 52.5107, lng: 13.4571 },
      { name: "Torstraße", area: "Mitte", lat: 52.5291, lng: 13.4012 },
      { name: "Weserstraße", area: "Neukölln", lat: 52.4868, lng: 13.4339 },
    ],
  },
  {
    name: "Lisbon",
    suffix: "Lisbon, Portugal",
    addressStyle: "number-last",
    rent: [700, 2800],
    sale: [150_000, 1_200_000],
    streets: [
      { name: "Rua da Rosa", area: "Bairro Alto", lat: 38.7133, lng: -9.1448 },
      { name: "Rua dos Remédios", area: "Alfama", lat: 38.7123, lng: -9.1289 },
      { name: "Avenida da Liberdade", area: "Avenida", lat: 38.7197, lng: -9.1453 },
      { name: "Rua de São Bento", area: "São Bento", lat: 38.7153, lng: -9.1541 },
      { name: "Rua Augusta", area: "Baixa", lat: 38.7108, lng: -9.1372 },
    ],
  },
  {
    name: "Austin",
    suffix: "Austin, TX, USA",
    addressStyle: "number-first",
    rent: [1200, 4200],
    sale: [320_000, 1_900_000],
    streets: [
      { name: "South Congress Avenue", area: "SoCo", lat: 30.2489, lng: -97.7501 },
      { name: "East 6th Street", area: "East Austin", lat: 30.2642, lng: -97.7287 },
      { name: "Barton Springs Road", area: "Zilker", lat: 30.2617, lng: -97.7606 },
      { name: "Guadalupe Street", area: "Hyde Park", lat: 30.3001, lng: -97.7394 },
      { name: "East Cesar Chavez Street", area: "Holly", lat: 30.2568, lng: -97.7285 },
    ],
  },
  {
    name: "Toronto",
    suffix: "Toronto, ON, Canada",
    addressStyle: "number-first",
    rent: [1500, 4800],
    sale: [450_000, 2_300_000],
    streets: [
      { name: "Queen Street West", area: "Queen West", lat: 43.6476, lng: -79.3967 },
      { name: "Ossington Avenue", area: "Trinity Bellwoods", lat: 43.6525, lng: -79.4198 },
      { name: "Danforth Avenue", area: "the Danforth", lat: 43.6781, lng: -79.3495 },
      { name: "Roncesvalles Avenue", area: "Roncesvalles", lat: 43.6479, lng: -79.4491 },
      { name: "Spadina Avenue", area: "the Annex", lat: 43.6602, lng: -79.4018 },
    ],
  },
  {
    name: "Melbourne",
    suffix: "Melbourne VIC, Australia",
    addressStyle: "number-first",
    rent: [1100, 4000],
    sale: [380_000, 2_100_000],
    streets: [
      { name: "Brunswick Street", area: "Fitzroy", lat: -37.7989, lng: 144.9784 },
      { name: "Chapel Street", area: "South Yarra", lat: -37.8417, lng: 144.9962 },
      { name: "Lygon Street", area: "Carlton", lat: -37.7952, lng: 144.9668 },
      { name: "Acland Street", area: "St Kilda", lat: -37.8676, lng: 144.9803 },
      { name: "Smith Street", area: "Collingwood", lat: -37.7996, lng: 144.9838 },
    ],
  },
  {
    name: "Tokyo",
    suffix: "Tokyo, Japan",
    addressStyle: "japanese",
    rent: [900, 4500],
    sale: [300_000, 2_200_000],
    streets: [
      { name: "Jingumae, Shibuya", area: "Harajuku", lat: 35.6702, lng: 139.7079 },
      { name: "Kamimeguro, Meguro", area: "Nakameguro", lat: 35.6441, lng: 139.6988 },
      { name: "Kitazawa, Setagaya", area: "Shimokitazawa", lat: 35.6618, lng: 139.6681 },
      { name: "Yanaka, Taito", area: "Yanaka", lat: 35.7262, lng: 139.7667 },
      { name: "Azabujuban, Minato", area: "Azabu-Juban", lat: 35.6553, lng: 139.7366 },
    ],
  },
];
