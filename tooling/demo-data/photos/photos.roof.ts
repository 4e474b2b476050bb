import { type Camera, type Vec3, vec } from "./photos.camera.ts";
import type { Rgb } from "./photos.color.ts";
import type { Block } from "./photos.house.ts";
import { type Material, paint } from "./photos.material.ts";
import { drawFace, type Face, facesCamera, type Scene, unit } from "./photos.scene.ts";

// The roof of a block: its slopes (gable, hip, gable to the front, mono-pitch or flat), fascia, verge boards,
// soffits under the eaves and chimneys, as faces ready to draw.

/**
 * The roof's faces in drawing order. Slopes facing away from the camera are turned into their undersides
 * (the soffit where the roof overhangs a gable) and listed first, to be drawn before the walls hide them.
 */
export function roofFaces(block: Block, top: number, camera: Camera): { under: Face[]; over: Face[] } {
  const { x0, x1, z0, z1, height, roof } = block;
  const o = roof.overhang;
  const slope = Math.tan((roof.pitch * Math.PI) / 180);
  const trim = paint(roof.trim, 0.03);
  const faces: Face[] = [];
  const plane = (corners: Vec3[], origin: Vec3, u: Vec3, v: Vec3, material: Material): Face => ({
    corners,
    origin,
    u: unit(u),
    v: unit(v),
    material,
  });
  const eave = height - o * slope;
  if (roof.kind === "flat") {
    // A slab edge or parapet coping, slightly proud of the walls, and its underside.
    const e = 0.08;
    faces.push(
      plane(
        [
          vec(x0 - e, height, z0 - e),
          vec(x1 + e, height, z0 - e),
          vec(x1 + e, height, z1 + e),
          vec(x0 - e, height, z1 + e),
        ],
        vec(0, height, 0),
        vec(1, 0, 0),
        vec(0, 0, 1),
        trim,
      ),
      plane(
        [
          vec(x0 - e, height, z0 - e),
          vec(x1 + e, height, z0 - e),
          vec(x1 + e, height + 0.3, z0 - e),
          vec(x0 - e, height + 0.3, z0 - e),
        ],
        vec(x0 - e, 0, z0 - e),
        vec(1, 0, 0),
        vec(0, 1, 0),
        trim,
      ),
      plane(
        [
          vec(x1 + e, height, z0 - e),
          vec(x1 + e, height, z1 + e),
          vec(x1 + e, height + 0.3, z1 + e),
          vec(x1 + e, height + 0.3, z0 - e),
        ],
        vec(x1 + e, 0, z0 - e),
        vec(0, 0, 1),
        vec(0, 1, 0),
        trim,
      ),
      plane(
        [
          vec(x0 - e, height, z1 + e),
          vec(x0 - e, height, z0 - e),
          vec(x0 - e, height + 0.3, z0 - e),
          vec(x0 - e, height + 0.3, z1 + e),
        ],
        vec(x0 - e, 0, z1 + e),
        vec(0, 0, -1),
        vec(0, 1, 0),
        trim,
      ),
    );
  } else if (roof.kind === "gable" || roof.kind === "hip") {
    const mz = (z0 + z1) / 2;
    const hipIn = roof.kind === "hip" ? Math.min((z1 - z0) / 2, (x1 - x0) / 2) : 0;
    const ra = x0 + hipIn;
    const rb = x1 - hipIn;
    const xl = x0 - o;
    const xr = x1 + o;
    const zf = z0 - o;
    const zb = z1 + o;
    faces.push(
      plane(
        [
          vec(xl, eave, zf),
          vec(xr, eave, zf),
          vec(rb + (roof.kind === "hip" ? 0 : o), top, mz),
          vec(ra - (roof.kind === "hip" ? 0 : o), top, mz),
        ],
        vec(xl, eave, zf),
        vec(1, 0, 0),
        vec(0, top - eave, mz - zf),
        roof.material,
      ),
      plane(
        [
          vec(xr, eave, zb),
          vec(xl, eave, zb),
          vec(ra - (roof.kind === "hip" ? 0 : o), top, mz),
          vec(rb + (roof.kind === "hip" ? 0 : o), top, mz),
        ],
        vec(xr, eave, zb),
        vec(-1, 0, 0),
        vec(0, top - eave, mz - zb),
        roof.material,
      ),
    );
    if (roof.kind === "hip") {
      faces.push(
        plane(
          [vec(xr, eave, zf), vec(xr, eave, zb), vec(rb, top, mz)],
          vec(xr, eave, zf),
          vec(0, 0, 1),
          vec(rb - xr, top - eave, 0),
          roof.material,
        ),
        plane(
          [vec(xl, eave, zb), vec(xl, eave, zf), vec(ra, top, mz)],
          vec(xl, eave, zb),
          vec(0, 0, -1),
          vec(ra - xl, top - eave, 0),
          roof.material,
        ),
      );
    } else {
      for (const [x, direction] of [
        [xl, -1],
        [xr, 1],
      ] as const) {
        const t = 0.2;
        faces.push(
          plane(
            [
              vec(x, eave, zf),
              vec(x, top, mz),
              vec(x, eave, zb),
              vec(x, eave - t, zb),
              vec(x, top - t, mz),
              vec(x, eave - t, zf),
            ],
            vec(x, 0, zf),
            vec(0, 0, direction),
            vec(0, 1, 0),
            trim,
          ),
        );
      }
    }
    faces.push(
      plane(
        [
          vec(xl, eave - 0.2, zf),
          vec(xr, eave - 0.2, zf),
          vec(xr, height - 0.05, z0),
          vec(xl, height - 0.05, z0),
        ],
        vec(0, eave, 0),
        vec(1, 0, 0),
        vec(0, 0, -1),
        paint(scaleRgb(roof.trim, 0.8)),
      ),
      plane(
        [vec(xl, eave - 0.2, zf), vec(xr, eave - 0.2, zf), vec(xr, eave, zf), vec(xl, eave, zf)],
        vec(xl, 0, zf),
        vec(1, 0, 0),
        vec(0, 1, 0),
        trim,
      ),
    );
  } else if (roof.kind === "gable-front") {
    const mx = (x0 + x1) / 2;
    const xl = x0 - o;
    const xr = x1 + o;
    const zf = z0 - o;
    const zb = z1 + o;
    faces.push(
      plane(
        [vec(xl, eave, zf), vec(mx, top, zf), vec(mx, top, zb), vec(xl, eave, zb)],
        vec(xl, eave, zb),
        vec(0, 0, -1),
        vec(mx - xl, top - eave, 0),
        roof.material,
      ),
      plane(
        [vec(xr, eave, zb), vec(mx, top, zb), vec(mx, top, zf), vec(xr, eave, zf)],
        vec(xr, eave, zf),
        vec(0, 0, 1),
        vec(mx - xr, top - eave, 0),
        roof.material,
      ),
    );
    const t = 0.22;
    faces.push(
      plane(
        [
          vec(xl, eave, zf),
          vec(mx, top, zf),
          vec(xr, eave, zf),
          vec(xr, eave - t, zf),
          vec(mx, top - t, zf),
          vec(xl, eave - t, zf),
        ],
        vec(xl, 0, zf),
        vec(1, 0, 0),
        vec(0, 1, 0),
        trim,
      ),
    );
  } else {
    // Mono-pitch: rises from the front eaves to the back.
    const xl = x0 - o;
    const xr = x1 + o;
    const zf = z0 - o;
    const zb = z1 + o;
    const high = top + o * slope;
    faces.push(
      plane(
        [vec(xl, eave, zf), vec(xr, eave, zf), vec(xr, high, zb), vec(xl, high, zb)],
        vec(xl, eave, zf),
        vec(1, 0, 0),
        vec(0, high - eave, zb - zf),
        roof.material,
      ),
      plane(
        [vec(xl, eave - 0.2, zf), vec(xr, eave - 0.2, zf), vec(xr, eave, zf), vec(xl, eave, zf)],
        vec(xl, 0, zf),
        vec(1, 0, 0),
        vec(0, 1, 0),
        trim,
      ),
    );
    for (const [x, direction] of [
      [xl, -1],
      [xr, 1],
    ] as const) {
      faces.push(
        plane(
          [vec(x, eave, zf), vec(x, high, zb), vec(x, high - 0.2, zb), vec(x, eave - 0.2, zf)],
          vec(x, 0, zf),
          vec(0, 0, direction),
          vec(0, 1, 0),
          trim,
        ),
      );
    }
  }
  const under: Face[] = [];
  const over: Face[] = [];
  const underside = paint(scaleRgb(roof.trim, 0.75), 0.03);
  for (const face of faces) {
    const visible = facesCamera(camera, centreOf(face), normalOf(face));
    if (visible) over.push(face);
    else if (face.material === roof.material) under.push({ ...face, material: underside });
  }
  return { under, over };
}

export function drawChimney(
  scene: Scene,
  block: Block,
  top: number,
  chimney: { x: number; material: Material },
) {
  const { x, material } = chimney;
  const mz = (block.z0 + block.z1) / 2;
  const size = 0.55;
  const peak = top + 1;
  const bottom = top - 1.2;
  const faces: Face[] = [
    {
      corners: [
        vec(x - size, bottom, mz - size),
        vec(x + size, bottom, mz - size),
        vec(x + size, peak, mz - size),
        vec(x - size, peak, mz - size),
      ],
      origin: vec(x - size, 0, mz - size),
      u: vec(1, 0, 0),
      v: vec(0, 1, 0),
      material: material,
    },
    {
      corners: [
        vec(x + size, bottom, mz - size),
        vec(x + size, bottom, mz + size),
        vec(x + size, peak, mz + size),
        vec(x + size, peak, mz - size),
      ],
      origin: vec(x + size, 0, mz - size),
      u: vec(0, 0, 1),
      v: vec(0, 1, 0),
      material: material,
    },
    {
      corners: [
        vec(x - size, bottom, mz + size),
        vec(x - size, bottom, mz - size),
        vec(x - size, peak, mz - size),
        vec(x - size, peak, mz + size),
      ],
      origin: vec(x - size, 0, mz + size),
      u: vec(0, 0, -1),
      v: vec(0, 1, 0),
      material: material,
    },
  ];
  for (const face of faces) {
    const normal = unit(crossVec(face.v, face.u));
    if (facesCamera(scene.camera, face.corners[0]!, normal)) drawFace(scene, face);
  }
}

function centreOf(face: Face): Vec3 {
  const n = face.corners.length;
  return face.corners.reduce(
    (sum, p) => vec(sum.x + p.x / n, sum.y + p.y / n, sum.z + p.z / n),
    vec(0, 0, 0),
  );
}

function normalOf(face: Face): Vec3 {
  return unit(crossVec(face.v, face.u));
}

function crossVec(a: Vec3, b: Vec3): Vec3 {
  return vec(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

function scaleRgb(color: Rgb, k: number): Rgb {
  return { r: color.r * k, g: color.g * k, b: color.b * k };
}
