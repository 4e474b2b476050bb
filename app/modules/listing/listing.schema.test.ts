import { describe, expect, it } from "vitest";
import {
  LISTING_MESSAGES,
  type ListingFormErrors,
  listingFormInput,
  listingToastMessage,
  validateListingForm,
} from "./listing.schema.ts";

/** A form as the browser submits it (every value a string), valid unless a test changes it. */
function form(overrides: Record<string, unknown> = {}) {
  return {
    type: "rent",
    name: "Sunny flat near park",
    bedrooms: "2",
    bathrooms: "1",
    parking: "false",
    furnished: "furnished",
    description: "A sunny flat near the park, with a balcony and a renewed kitchen.",
    propertyType: "flat",
    livingArea: "72",
    address: "12 Rue de Rivoli, Paris",
    offer: "false",
    regularPrice: "1500",
    discountedPrice: "0",
    imageIds: ["a1", "b2"],
    ...overrides,
  };
}

function errorsOf(input: Record<string, unknown>): ListingFormErrors {
  const result = validateListingForm(input);
  return result.success ? {} : result.errors;
}

describe("ListingFormSchema (SPEC.md section 5)", () => {
  it("accepts a complete form and converts its strings", () => {
    const result = validateListingForm(form({ offer: "true", discountedPrice: "1200", parking: "true" }));
    expect(result).toEqual({
      success: true,
      data: {
        type: "rent",
        name: "Sunny flat near park",
        bedrooms: 2,
        bathrooms: 1,
        parking: true,
        furnished: "furnished",
        description: "A sunny flat near the park, with a balcony and a renewed kitchen.",
        propertyType: "flat",
        livingArea: 72,
        plotArea: null,
        rooms: null,
        yearBuilt: null,
        condition: null,
        floor: null,
        floorsTotal: null,
        lift: null,
        stepFree: null,
        availableFrom: null,
        leaseMonths: null,
        deposit: null,
        monthlyCharges: null,
        heatingIncluded: null,
        serviceCharge: null,
        pets: null,
        tourUrl: null,
        energyCertificate: null,
        energyRating: null,
        energyUse: null,
        energyValidUntil: null,
        energyCertificateType: null,
        energySource: null,
        ghgRating: null,
        energyCostMin: null,
        energyCostMax: null,
        tenure: null,
        councilTaxBand: null,
        address: "12 Rue de Rivoli, Paris",
        exactAddress: true,
        offer: true,
        regularPrice: 1500,
        discountedPrice: 1200,
        imageIds: ["a1", "b2"],
        imageCaptions: [],
        floorPlanIds: [],
        floorPlanCaptions: [],
      },
    });
  });

  it("requires a description of 30 to 5,000 characters of plain text, its lines kept", () => {
    expect(errorsOf(form({ description: "" })).description).toBe("Description is required");
    expect(errorsOf(form({ description: undefined })).description).toBe("Description is required");
    expect(errorsOf(form({ description: "Too short to say much." })).description).toBe(
      "Description must be at least 30 characters",
    );
    expect(errorsOf(form({ description: "x".repeat(5001) })).description).toBe(
      "Description must be at most 5,000 characters",
    );
    expect(errorsOf(form({ description: `${"A quiet flat. ".repeat(3)}\u0000` })).description).toBe(
      "Description can not contain control characters",
    );
    const text = "First paragraph of the flat.\n\nSecond one,\nwith a <b>line</b> break.";
    expect(validateListingForm(form({ description: `  ${text}  ` }))).toMatchObject({
      data: { description: text },
    });
  });

  it("requires a property type; a room is only let and land only sold", () => {
    expect(errorsOf(form({ propertyType: "" })).propertyType).toBe("Choose the property type");
    expect(errorsOf(form({ propertyType: "castle" })).propertyType).toBe("Choose the property type");
    expect(errorsOf(form({ type: "sale", propertyType: "room" })).propertyType).toBe(
      "A room can only be let: choose Rent or another property type",
    );
    expect(errorsOf(form({ type: "rent", propertyType: "land", plotArea: "500" })).propertyType).toBe(
      "Land can only be sold: choose Sell or another property type",
    );
    expect(validateListingForm(form({ type: "rent", propertyType: "room" })).success).toBe(true);
    expect(
      validateListingForm(form({ type: "sale", propertyType: "land", livingArea: "", plotArea: "800" }))
        .success,
    ).toBe(true);
  });

  it("requires the living area, or the plot area for land, as positive numbers", () => {
    expect(errorsOf(form({ livingArea: "" })).livingArea).toBe("Living area is required");
    expect(errorsOf(form({ type: "sale", propertyType: "land", livingArea: "" })).plotArea).toBe(
      "Plot area is required for land",
    );
    for (const bad of ["0", "-3", "many", "1e12"]) {
      expect(errorsOf(form({ livingArea: bad })).livingArea, bad).toBe(
        "Enter the area as a number greater than 0",
      );
    }
    expect(validateListingForm(form({ livingArea: "72.5", plotArea: "300" }))).toMatchObject({
      data: { livingArea: 72.5, plotArea: 300 },
    });
  });

  it("checks rooms, year built, condition, floors and pets, each optional", () => {
    expect(errorsOf(form({ rooms: "0" })).rooms).toBe("Rooms must be a whole number between 1 and 100");
    expect(errorsOf(form({ rooms: "1", bedrooms: "2" })).rooms).toBe("Rooms can not be fewer than bedrooms");
    expect(errorsOf(form({ yearBuilt: "1499" })).yearBuilt).toBe(
      "Year built must be between 1500 and five years from now",
    );
    const tooLate = new Date().getUTCFullYear() + 6;
    expect(errorsOf(form({ yearBuilt: String(tooLate) })).yearBuilt).toBe(
      "Year built must be between 1500 and five years from now",
    );
    expect(validateListingForm(form({ yearBuilt: String(tooLate - 1) })).success).toBe(true);
    expect(errorsOf(form({ condition: "ruin" })).condition).toBe("Choose the condition");
    expect(errorsOf(form({ floor: "4", floorsTotal: "3" })).floor).toBe(
      "Floor can not be above the floors in the building",
    );
    expect(errorsOf(form({ floor: "-6" })).floor).toBe("Floor must be a whole number between -5 and 200");
    expect(errorsOf(form({ floorsTotal: "0" })).floorsTotal).toBe(
      "Floors in building must be a whole number between 1 and 200",
    );
    expect(errorsOf(form({ pets: "cats" })).pets).toBe("Choose whether pets are allowed");
    expect(
      validateListingForm(
        form({
          rooms: "3",
          yearBuilt: "1905",
          condition: "good",
          floor: "3",
          floorsTotal: "3",
          pets: "byArrangement",
        }),
      ),
    ).toMatchObject({
      data: { rooms: 3, yearBuilt: 1905, condition: "good", floor: 3, floorsTotal: 3, pets: "byArrangement" },
    });
  });

  it("keeps a rent's terms and costs, and a sale's service charge, each for its own type only", () => {
    const costs = {
      availableFrom: "2027-03-01",
      leaseMonths: "12",
      deposit: "3000",
      monthlyCharges: "180",
      heatingIncluded: true,
      serviceCharge: "90",
    };
    expect(validateListingForm(form(costs))).toMatchObject({
      data: {
        availableFrom: "2027-03-01",
        leaseMonths: 12,
        deposit: 3000,
        monthlyCharges: 180,
        heatingIncluded: true,
        serviceCharge: null,
      },
    });
    expect(validateListingForm(form({ ...costs, type: "sale" }))).toMatchObject({
      data: {
        availableFrom: null,
        leaseMonths: null,
        deposit: null,
        monthlyCharges: null,
        heatingIncluded: null,
        serviceCharge: 90,
      },
    });
    expect(validateListingForm(form({ availableFrom: "now" }))).toMatchObject({
      data: { availableFrom: "now" },
    });
    for (const bad of ["2027-02-30", "tomorrow", "01/03/2027"]) {
      expect(errorsOf(form({ availableFrom: bad })).availableFrom, bad).toBe(
        "Available from must be a date or Now",
      );
    }
    expect(errorsOf(form({ leaseMonths: "121" })).leaseMonths).toBe(
      "Minimum lease must be a whole number of months between 1 and 120",
    );
    expect(errorsOf(form({ deposit: "-1" })).deposit).toBe("Enter a whole amount, 0 or more");
    expect(errorsOf(form({ monthlyCharges: "12.5" })).monthlyCharges).toBe("Enter a whole amount, 0 or more");
  });

  it("takes furnishing as one of three, and the Yes/No of older forms", () => {
    expect(validateListingForm(form({ furnished: "partly" }))).toMatchObject({
      data: { furnished: "partly" },
    });
    expect(validateListingForm(form({ furnished: "true" }))).toMatchObject({
      data: { furnished: "furnished" },
    });
    expect(validateListingForm(form({ furnished: "false" }))).toMatchObject({
      data: { furnished: "unfurnished" },
    });
    expect(errorsOf(form({ furnished: "maybe" })).furnished).toBe("Choose how furnished the home is");
  });

  it("takes a tour only from YouTube, Vimeo or Matterport, over https", () => {
    for (const link of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://vimeo.com/76979871",
      "https://my.matterport.com/show/?m=SxQL3iGyoDo",
    ]) {
      expect(validateListingForm(form({ tourUrl: link })), link).toMatchObject({ data: { tourUrl: link } });
    }
    for (const link of [
      "http://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://evil.example/watch?v=dQw4w9WgXcQ",
      "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=short",
      "javascript:alert(1)",
      "not a link",
    ]) {
      expect(errorsOf(form({ tourUrl: link })).tourUrl, link).toBe("Use a YouTube, Vimeo or Matterport link");
    }
  });

  it("reads the details' check boxes: unticked sends the hidden false alone, an old form none", () => {
    const data = new FormData();
    data.append("lift", "false");
    data.append("lift", "true");
    data.append("stepFree", "false");
    const input = listingFormInput(data);
    expect(input).toMatchObject({ lift: true, stepFree: false, heatingIncluded: undefined });
    expect(validateListingForm(form({ lift: undefined }))).toMatchObject({ data: { lift: null } });
  });

  it("reads Show exact address from its box: unticked sends the hidden false alone", () => {
    const submitted = (...values: string[]) => {
      const data = new FormData();
      for (const value of values) data.append("exactAddress", value);
      return listingFormInput(data).exactAddress;
    };
    expect(submitted("false", "true")).toBe(true);
    expect(submitted("false")).toBe(false);
    expect(submitted()).toBeUndefined();
    expect(validateListingForm(form({ exactAddress: undefined }))).toMatchObject({
      data: { exactAddress: true },
    });
  });

  it("reads the pin as numbers in range, both or neither", () => {
    expect(validateListingForm(form({ lat: "52.49", lng: "13.44" }))).toMatchObject({
      data: { lat: 52.49, lng: 13.44 },
    });
    expect(validateListingForm(form({ lat: "", lng: "" }))).toMatchObject({ success: true });
    expect(errorsOf(form({ lat: "-90.5", lng: "13" })).lat).toBe("The pin's position is not valid");
    expect(errorsOf(form({ lat: "52", lng: "" })).lat).toBe("The pin's position is not valid");
  });

  it.each([
    [9, "Name must be at least 10 characters"],
    [10, undefined],
    [32, undefined],
    [33, "Name must be at most 32 characters"],
  ])("name of %i characters → %s", (length, message) => {
    expect(errorsOf(form({ name: "n".repeat(length) })).name).toBe(message);
  });

  it("requires a name", () => {
    expect(errorsOf(form({ name: "   " })).name).toBe("Name is required");
  });

  it.each([
    ["0", "must be between 1 and 50"],
    ["1", undefined],
    ["50", undefined],
    ["51", "must be between 1 and 50"],
    ["2.5", "must be a whole number"],
    ["", "is required"],
    ["many", "must be a number"],
  ])("rooms %j → %s", (value, message) => {
    const errors = errorsOf(form({ bedrooms: value, bathrooms: value }));
    expect(errors.bedrooms).toBe(message && `Bedrooms ${message}`);
    expect(errors.bathrooms).toBe(message && `Bathrooms ${message}`);
  });

  it("requires an address", () => {
    expect(errorsOf(form({ address: "" })).address).toBe("Address is required");
  });

  it.each([
    ["49", "Regular price must be between 50 and 750,000,000"],
    ["50", undefined],
    ["750000000", undefined],
    ["750000001", "Regular price must be between 50 and 750,000,000"],
  ])("regular price %s → %s", (value, message) => {
    expect(errorsOf(form({ regularPrice: value, discountedPrice: "0" })).regularPrice).toBe(message);
  });

  it.each([
    ["49", "Discounted price must be between 50 and 750,000,000"],
    ["50", undefined],
    ["749999999", undefined],
    ["750000001", "Discounted price must be between 50 and 750,000,000"],
    ["", "Discounted price is required"],
  ])("with an offer, discounted price %j → %s", (value, message) => {
    const errors = errorsOf(form({ offer: "true", regularPrice: "750000000", discountedPrice: value }));
    expect(errors.discountedPrice).toBe(message);
  });

  it("refuses a discount not below the regular price, with an offer", () => {
    for (const discounted of ["1500", "1600"]) {
      const errors = errorsOf(form({ offer: "true", discountedPrice: discounted }));
      expect(errors.discountedPrice).toBe(LISTING_MESSAGES.discountNotLower);
      expect(listingToastMessage(errors)).toBe(LISTING_MESSAGES.discountNotLower);
    }
    expect(errorsOf(form({ offer: "true", discountedPrice: "1499" })).discountedPrice).toBeUndefined();
  });

  it("refuses a discount not below the regular price without an offer too (the hidden value still counts)", () => {
    expect(errorsOf(form({ offer: "false", discountedPrice: "1500" })).discountedPrice).toBe(
      LISTING_MESSAGES.discountNotLower,
    );
    // Without an offer the discount needs no range of its own: the untouched 0 is fine.
    expect(errorsOf(form({ offer: "false", discountedPrice: "0" })).discountedPrice).toBeUndefined();
    expect(errorsOf(form({ offer: "false", discountedPrice: "" })).discountedPrice).toBeUndefined();
  });

  it("leaves the discount comparison to the regular price's own message when that is out of range", () => {
    const errors = errorsOf(form({ regularPrice: "0", discountedPrice: "0" }));
    expect(errors.regularPrice).toBeDefined();
    expect(errors.discountedPrice).toBeUndefined();
  });

  it("requires images, at most 6, each once", () => {
    expect(errorsOf(form({ imageIds: [] })).imageIds).toBe("Images are required");
    expect(errorsOf(form({ imageIds: ["1", "2", "3", "4", "5", "6"] })).imageIds).toBeUndefined();
    const seven = errorsOf(form({ imageIds: ["1", "2", "3", "4", "5", "6", "7"] }));
    expect(seven.imageIds).toBe(LISTING_MESSAGES.maxImages);
    expect(listingToastMessage(seven)).toBe(LISTING_MESSAGES.maxImages);
    expect(errorsOf(form({ imageIds: ["1", "1"] })).imageIds).toBe("Each image can be used once");
    expect(errorsOf(form({ imageIds: ["../etc/passwd"] })).imageIds).toBe("Images are not valid");
  });

  it("takes the site's photo limit, in the spec's words with its number", () => {
    const eight = ["1", "2", "3", "4", "5", "6", "7", "8"];
    expect(errorsOf(form({ imageIds: eight })).imageIds).toBe("Max 6 images");
    expect(validateListingForm(form({ imageIds: eight }), 8).success).toBe(true);
    const nine = validateListingForm(form({ imageIds: [...eight, "9"] }), 8);
    const errors = nine.success ? {} : nine.errors;
    expect(errors.imageIds).toBe("Max 8 images");
    expect(listingToastMessage(errors)).toBe("Max 8 images");
    // The other fields' messages still come with it.
    const both = validateListingForm(form({ imageIds: [...eight, "9"], name: "short" }), 8);
    expect(both.success ? {} : both.errors).toMatchObject({
      imageIds: "Max 8 images",
      name: expect.any(String),
    });
  });

  it("keeps each photo's caption, trimmed, up to 120 characters of plain text", () => {
    const result = validateListingForm(form({ imageCaptions: [" Kitchen ", ""] }));
    expect(result.success && result.data.imageCaptions).toEqual(["Kitchen", ""]);
    expect(errorsOf(form({ imageCaptions: ["k".repeat(120)] })).imageCaptions).toBeUndefined();
    expect(errorsOf(form({ imageCaptions: ["k".repeat(121)] })).imageCaptions).toBe(
      "Captions must be at most 120 characters",
    );
    expect(errorsOf(form({ imageCaptions: ["Bad\u0000"] })).imageCaptions).toBe(
      "Captions can not contain control characters",
    );
    expect(errorsOf(form({ imageCaptions: ["a", "b", "c"] })).imageCaptions).toBe(
      "Each caption needs its photo",
    );
  });

  it("takes up to 3 floor plans, none of them a photo too", () => {
    const three = validateListingForm(
      form({ floorPlanIds: ["p1", "p2", "p3"], floorPlanCaptions: ["Ground"] }),
    );
    expect(three.success && three.data.floorPlanIds).toEqual(["p1", "p2", "p3"]);
    const four = errorsOf(form({ floorPlanIds: ["p1", "p2", "p3", "p4"] }));
    expect(four.floorPlanIds).toBe(LISTING_MESSAGES.maxFloorPlans);
    expect(listingToastMessage(four)).toBe("Max 3 floor plans");
    expect(errorsOf(form({ floorPlanIds: ["a1"] })).floorPlanIds).toBe(
      "An image can not be both a photo and a floor plan",
    );
    expect(errorsOf(form({ floorPlanIds: ["p1", "p1"] })).floorPlanIds).toBe(
      "Each floor plan can be used once",
    );
  });

  it("refuses an unknown type and non-boolean choices", () => {
    const errors = errorsOf(form({ type: "lease", parking: "maybe" }));
    expect(errors.type).toBe("Choose Sell or Rent");
    expect(errors.parking).toBe("Choose Yes or No for Parking spot");
  });

  it("reads a submitted FormData, image ids in order", () => {
    const data = new FormData();
    for (const [key, value] of Object.entries(form())) {
      if (key !== "imageIds") data.append(key, String(value));
    }
    for (const [id, caption] of [
      ["c3", "Garden"],
      ["a1", ""],
      ["b2", "Bathroom"],
    ]) {
      data.append("imageIds", id!);
      data.append("imageCaptions", caption!);
    }
    data.append("floorPlanIds", "p1");
    data.append("floorPlanCaptions", "First floor");
    const result = validateListingForm(listingFormInput(data));
    expect(result.success && result.data).toMatchObject({
      imageIds: ["c3", "a1", "b2"],
      imageCaptions: ["Garden", "", "Bathroom"],
      floorPlanIds: ["p1"],
      floorPlanCaptions: ["First floor"],
    });
    expect(validateListingForm(listingFormInput(new FormData())).success).toBe(false);
  });
});
