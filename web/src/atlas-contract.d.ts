// Generated from the engine's `schema` command by `npm run types`; do not edit by hand.
// tests/js/contract-types.test.mjs fails when this file and the built engine disagree.

/** The ideal ring all-reduce: one point, its strong scaling and whole curves. */
export type AllreduceRequest = {
  /** at most 200 characters; default "ring" */
  algorithm?: "ring" | "reduce_scatter" | "all_gather" | "recursive_doubling" | "rabenseifner" | "binomial_tree";
  /** unit: B/s; ≥ 1000000, ≤ 1000000000000000 */
  bandwidth: number;
  /** unit: B; ≥ 1, ≤ 1000000000000000 */
  bytes: number;
  /** default false */
  compare?: boolean;
  /** ≥ 0, ≤ 1; default 0 */
  gamma?: number;
  /** unit: s; ≥ 0, ≤ 10 */
  latency: number;
  /** ≥ 2, ≤ 65536 */
  ranks: number;
  scaling?: {
    /** unit: s; ≥ 1e-9, ≤ 1000000 */
    compute: number;
    /** ≥ 0, ≤ 1; default 0 */
    overlap?: number;
    /** ≥ 2, ≤ 65536; default 65536 */
    search_to?: number;
  };
  /** default false */
  schedule?: boolean;
  sweep?: {
    bytes?: {
      columns?: Array<unknown>;
      /** ≥ 1, ≤ 1000000000000000 */
      from: number;
      /** at most 400 characters; default "" */
      known?: string;
      /** ≥ 2, ≤ 1000; default 61 */
      points?: number;
      /** ≥ 1, ≤ 1000000000000000 */
      to: number;
    };
    ranks?: {
      columns?: unknown;
      /** ≥ 1, ≤ 65536 */
      from: number;
      /** at most 400 characters; default "" */
      known?: string;
      /** ≥ 2, ≤ 1000; default 40 */
      points?: number;
      /** ≥ 1, ≤ 65536 */
      to: number;
    };
  };
};

export type AllreduceAnswer = {
  algbw?: number;
  algorithm?: string;
  bandwidth_bound?: number;
  bandwidth_term?: number;
  bound_fraction?: number;
  bus_factor?: number;
  busbw?: number;
  bytes?: number;
  bytes_per_rank?: number;
  chunk_bytes?: number;
  comparison?: {
    algorithms?: Array<{
      algbw?: number;
      algorithm?: string;
      bandwidth_bound?: number;
      bandwidth_term?: number;
      bound_fraction?: number;
      bus_factor?: number;
      busbw?: number;
      bytes?: number;
      bytes_per_rank?: number;
      chunk_bytes?: number;
      crossover_bytes?: number;
      formula?: {
        bandwidth?: number;
        bandwidth_term?: number;
        bytes?: number;
        factor?: number;
        gamma?: number;
        latency?: number;
        latency_term?: number;
        reduction_term?: number;
        steps?: number;
        symbolic?: string;
        time?: number;
      };
      label?: string;
      latency_term?: number;
      ranks?: number;
      reduction_term?: number;
      regime?: string;
      shares?: {
        bandwidth?: number;
        latency?: number;
        reduction?: number;
      };
      step_time?: number;
      steps?: number;
      time?: number;
    }>;
    note?: string;
  };
  crossover_bytes?: number;
  curves?: {
    bytes?: {
      algbw?: Array<number>;
      bandwidth_term?: Array<number>;
      bound?: Array<number>;
      busbw?: Array<number>;
      compare?: {
        all_gather?: Array<number>;
        binomial_tree?: Array<number>;
        rabenseifner?: Array<number>;
        recursive_doubling?: Array<number>;
        reduce_scatter?: Array<number>;
      };
      key?: string;
      latency_term?: Array<number>;
      time?: Array<number>;
      x?: Array<number>;
    };
    ranks?: {
      algbw?: Array<number | null>;
      bandwidth_term?: Array<number>;
      busbw?: Array<number | null>;
      compare?: {
        all_gather?: Array<number>;
        binomial_tree?: Array<number>;
        rabenseifner?: Array<number>;
        recursive_doubling?: Array<number>;
        reduce_scatter?: Array<number>;
      };
      efficiency?: Array<number>;
      exposed?: Array<number>;
      key?: string;
      latency_term?: Array<number>;
      speedup?: Array<number>;
      step_time?: Array<number>;
      time?: Array<number>;
      x?: Array<number>;
    };
  };
  formula?: {
    bandwidth?: number;
    bandwidth_term?: number;
    bytes?: number;
    factor?: number;
    gamma?: number;
    latency?: number;
    latency_term?: number;
    reduction_term?: number;
    steps?: number;
    symbolic?: string;
    time?: number;
  };
  label?: string;
  latency_term?: number;
  limits?: {
    many_ranks?: number;
    two_ranks?: number;
  };
  model?: string;
  ranks?: number;
  reduction_term?: number;
  regime?: string;
  scaling?: {
    allreduce?: number;
    best?: {
      allreduce?: number;
      compute?: number;
      efficiency?: number;
      exposed?: number;
      hidden?: number;
      ideal_speedup?: number;
      ranks?: number;
      searched_to?: number;
      speedup?: number;
      step_time?: number;
    };
    compute?: number;
    compute_single?: number;
    doubled?: {
      allreduce?: number;
      compute?: number;
      efficiency?: number;
      exposed?: number;
      hidden?: number;
      ideal_speedup?: number;
      ranks?: number;
      speedup?: number;
      step_time?: number;
      time_ratio?: number;
    };
    efficiency?: number;
    exposed?: number;
    hidden?: number;
    ideal_speedup?: number;
    overlap?: number;
    ranks?: number;
    speedup?: number;
    step_time?: number;
  };
  schedule?: {
    available?: boolean;
    chunk_bytes?: number;
    chunks?: number;
    max_ranks?: number;
    ranks?: number;
    step_time?: number;
    steps?: Array<{
      contributions?: Array<Array<number>>;
      index?: number;
      phase?: string;
      phase_step?: number;
      sends?: Array<{
        chunk?: number;
        from?: number;
        to?: number;
      }>;
    }>;
  };
  shares?: {
    bandwidth?: number;
    latency?: number;
    reduction?: number;
  };
  step_time?: number;
  steps?: number;
  time?: number;
  units?: {
    bytes?: string;
    rate?: string;
    time?: string;
  };
} | {
  error: {
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  };
  errors: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
  warnings?: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
};

/** Global batch accounting: give three of global, micro, accumulation and dp (or world, tp, pp, cp). */
export type BatchRequest = {
  /** ≥ 1, ≤ 1000000000000 */
  accumulation?: number;
  /** ≥ 1, ≤ 100000; default 1 */
  cp?: number;
  /** ≥ 1, ≤ 1000000000000 */
  dp?: number;
  equation?: unknown;
  /** ≥ 1, ≤ 1000000000000 */
  global?: number;
  /** ≥ 1, ≤ 1000000000000 */
  micro?: number;
  /** ≥ 1, ≤ 100000; default 1 */
  pp?: number;
  /** ≥ 1, ≤ 100000000 */
  seq?: number;
  solved_for?: unknown;
  tokens_per_step?: unknown;
  /** ≥ 1, ≤ 100000; default 1 */
  tp?: number;
  /** ≥ 1, ≤ 10000000 */
  world?: number;
};

export type BatchAnswer = {
  accumulation?: number;
  dp?: number;
  equation?: string;
  global?: number;
  micro?: number;
  seq?: number;
  solved_for?: string;
  tokens_per_step?: number;
} | {
  error: {
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  };
  errors: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
  warnings?: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
};

/** One collective call on a described cluster with the planner's NCCL model: its time, what NCCL would pick, every algorithm the model has and its curve against message size. */
export type CollectiveRequest = {
  /** at most 100 characters; default "auto" */
  algorithm?: string;
  /** unit: B; > 0, ≤ 1000000000000 */
  bytes: number;
  /** at most 200 characters */
  collective: "all-reduce" | "all-gather" | "reduce-scatter" | "all-to-all" | "broadcast" | "send-recv";
  /** ≥ 2, ≤ 8192 */
  ranks: number;
  /** ≥ 1, ≤ 1024 */
  ranks_per_domain?: number;
  sweep?: {
    /** unit: B; > 0, ≤ 1000000000000; default 8 */
    from?: number;
    /** ≥ 2, ≤ 200; default 41 */
    points?: number;
    /** unit: B; > 0, ≤ 1000000000000; default 8589934592 */
    to?: number;
  };
  topology: {
    /** at most 200 characters; default "rail" */
    fabric?: "rail" | "one-switch";
    /** ≥ 1, ≤ 72 */
    gpus_per_host?: number;
    /** unit: s; ≥ 0, ≤ 1 */
    latency?: number;
    /** ≥ 1, ≤ 1024; default 32 */
    leaf_ports?: number;
    /** unit: B/s; ≥ 1000000, ≤ 10000000000000 */
    nic_bandwidth?: number;
    /** > 0, ≤ 1 */
    nic_efficiency?: number;
    /** ≥ 1, ≤ 64 */
    nics_per_host?: number;
    /** unit: B/s; ≥ 1000000, ≤ 100000000000000 */
    nvlink_bandwidth?: number;
    /** ≥ 1, ≤ 1024 */
    nvlink_domain?: number;
    /** > 0, ≤ 1 */
    nvlink_efficiency?: number;
    /** ≥ 1, ≤ 64; default 1 */
    oversubscription?: number;
    /** at most 100 characters */
    preset: string;
  } | {
    /** at most 200 characters; default "rail" */
    fabric?: "rail" | "one-switch";
    /** ≥ 1, ≤ 72 */
    gpus_per_host: number;
    /** unit: s; ≥ 0, ≤ 1 */
    latency: number;
    /** ≥ 1, ≤ 1024; default 32 */
    leaf_ports?: number;
    /** unit: B/s; ≥ 1000000, ≤ 10000000000000 */
    nic_bandwidth: number;
    /** > 0, ≤ 1 */
    nic_efficiency: number;
    /** ≥ 1, ≤ 64 */
    nics_per_host: number;
    /** unit: B/s; ≥ 1000000, ≤ 100000000000000 */
    nvlink_bandwidth: number;
    /** ≥ 1, ≤ 1024 */
    nvlink_domain: number;
    /** > 0, ≤ 1 */
    nvlink_efficiency: number;
    /** ≥ 1, ≤ 64; default 1 */
    oversubscription?: number;
    /** at most 100 characters */
    preset: string;
  };
};

export type CollectiveAnswer = {
  algbw?: number;
  algorithm?: string;
  algorithms?: Array<{
    available?: boolean;
    busbw?: number;
    crossing?: number;
    fabric_factor?: number;
    latency?: number;
    name?: string;
    nccl_algorithm?: string;
    protocol?: string;
    time?: number;
    why?: string;
  }>;
  bandwidth_time?: number;
  bus_factor?: number;
  busbw?: number;
  bytes?: number;
  collective?: string;
  curve?: {
    algbw?: Array<number>;
    busbw?: Array<number>;
    bytes?: Array<number>;
    nccl_choice?: Array<string>;
    time?: {
      hierarchical?: Array<number>;
      "point-to-point"?: Array<number>;
      ring?: Array<number>;
      tree?: Array<number>;
    };
  };
  fabric?: {
    crossing?: number;
    factor?: number;
  };
  formulas?: {
    /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
    between_domains?: {
      text: string;
      values: Array<{
        unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
        value: number;
      }>;
    };
    /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
    busbw?: {
      text: string;
      values: Array<{
        unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
        value: number;
      }>;
    };
    /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
    fabric?: {
      text: string;
      values: Array<{
        unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
        value: number;
      }>;
    };
    /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
    time?: {
      text: string;
      values: Array<{
        unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
        value: number;
      }>;
    };
  };
  latency?: number;
  latency_share?: number;
  links?: {
    nic_busbw?: number;
    nics_per_domain?: number;
    nvlink_busbw?: number;
  };
  nccl_choice?: string;
  nccl_time?: number;
  not_modelled?: Array<{
    label?: string;
    name?: string;
    what?: string;
  }>;
  placement?: {
    domains?: number;
    hosts_per_domain?: number;
    nics_used_per_domain?: number;
    ranks?: number;
    ranks_per_domain?: number;
  };
  protocol?: string;
  ranks?: number;
  requested?: string;
  scope?: Array<string>;
  time?: number;
  topology?: {
    fabric?: string;
    gpus_per_host?: number;
    hosts_per_leaf?: number;
    latency?: number;
    leaf_ports?: number;
    nic_bandwidth?: number;
    nic_efficiency?: number;
    nics_per_host?: number;
    nvlink_bandwidth?: number;
    nvlink_domain?: number;
    nvlink_efficiency?: number;
    oversubscription?: number;
  };
  units?: {
    algbw?: string;
    busbw?: string;
    bytes?: string;
    time?: string;
  };
} | {
  error: {
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  };
  errors: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
  warnings?: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
};

/** For a training plan request: the NIC bandwidth per GPU at which the bound's exposed data-parallel time reaches zero, and the exposed time as run against that bandwidth. */
export type DpNetworkRequest = {
  batch?: {
    accumulation?: unknown;
    /** ≥ 1, ≤ 1000000000000 */
    global?: number;
    /** ≥ 1, ≤ 1000000000000; default 1 */
    micro?: number;
  };
  hardware: {
    /** at most 200 characters; default "default" */
    allocator?: "default" | "expandable_segments";
    attention?: {
      /** > 0, ≤ 1 */
      backward: number;
      /** unit: tokens; ≥ 0, ≤ 10000000 */
      backward_half: number;
      /** > 0, ≤ 1 */
      forward: number;
      /** unit: tokens; ≥ 0, ≤ 10000000 */
      forward_half: number;
    };
    efficiencies?: {
      /** > 0, ≤ 1; default 0.8 */
      compute?: number;
      /** > 0, ≤ 1; default 0 */
      compute_fp4?: number;
      /** > 0, ≤ 1; default 0 */
      compute_fp8?: number;
      /** > 0, ≤ 1; default 0 */
      hbm?: number;
      /** > 0, ≤ 1; default 0.9 */
      inter?: number;
      /** > 0, ≤ 1; default 0.8 */
      intra?: number;
      /** ≥ 0, ≤ 100; default 12 */
      memory_traffic?: number;
    };
    /** default false */
    flash_attention?: boolean;
    /** ≥ 0, ≤ 1; default 0 */
    flash_attention_2?: number;
    /** unit: FLOP/s; ≥ 1000000000, ≤ 1000000000000000000 */
    flops?: number;
    /** unit: FLOP/s; ≥ 0, ≤ 1000000000000000000; default 0 */
    flops_fp4?: number;
    /** unit: FLOP/s; ≥ 0, ≤ 1000000000000000000; default 0 */
    flops_fp8?: number;
    /** ≥ 1, ≤ 10000000; default 8 */
    gpus?: number;
    /** unit: GPUs; ≥ 0, ≤ 10000; default 0 */
    gpus_per_host?: number;
    /** ≥ 1, ≤ 10000 */
    gpus_per_node?: number;
    /** unit: B/s; ≥ 1000000, ≤ 1000000000000000 */
    inter_bandwidth?: number;
    /** unit: B/s; ≥ 1000000, ≤ 1000000000000000 */
    intra_bandwidth?: number;
    /** ≥ 0, ≤ 1 */
    latency?: number;
    /** unit: B; ≥ 1000000, ≤ 1000000000000000 */
    memory?: number;
    /** unit: B/s; ≥ 1000000, ≤ 1000000000000000 */
    memory_bandwidth?: number;
    /** default false */
    microscaling?: boolean;
    /** at most 20 characters; default "2.27" */
    nccl?: string;
    /** ≥ 0, ≤ 10000; default 0 */
    nics_per_node?: number;
    /** default false */
    nvls?: boolean;
    /** at most 100 characters */
    preset: string;
    /** ≥ 0, ≤ 100000; default 0 */
    sms?: number;
  } | {
    /** at most 200 characters; default "default" */
    allocator?: "default" | "expandable_segments";
    attention?: {
      /** > 0, ≤ 1 */
      backward: number;
      /** unit: tokens; ≥ 0, ≤ 10000000 */
      backward_half: number;
      /** > 0, ≤ 1 */
      forward: number;
      /** unit: tokens; ≥ 0, ≤ 10000000 */
      forward_half: number;
    };
    efficiencies?: {
      /** > 0, ≤ 1; default 0.8 */
      compute?: number;
      /** > 0, ≤ 1; default 0 */
      compute_fp4?: number;
      /** > 0, ≤ 1; default 0 */
      compute_fp8?: number;
      /** > 0, ≤ 1; default 0 */
      hbm?: number;
      /** > 0, ≤ 1; default 0.9 */
      inter?: number;
      /** > 0, ≤ 1; default 0.8 */
      intra?: number;
      /** ≥ 0, ≤ 100; default 12 */
      memory_traffic?: number;
    };
    /** default false */
    flash_attention?: boolean;
    /** ≥ 0, ≤ 1; default 0 */
    flash_attention_2?: number;
    /** unit: FLOP/s; ≥ 1000000000, ≤ 1000000000000000000 */
    flops: number;
    /** unit: FLOP/s; ≥ 0, ≤ 1000000000000000000; default 0 */
    flops_fp4?: number;
    /** unit: FLOP/s; ≥ 0, ≤ 1000000000000000000; default 0 */
    flops_fp8?: number;
    /** ≥ 1, ≤ 10000000; default 8 */
    gpus?: number;
    /** unit: GPUs; ≥ 0, ≤ 10000; default 0 */
    gpus_per_host?: number;
    /** ≥ 1, ≤ 10000 */
    gpus_per_node: number;
    /** unit: B/s; ≥ 1000000, ≤ 1000000000000000 */
    inter_bandwidth: number;
    /** unit: B/s; ≥ 1000000, ≤ 1000000000000000 */
    intra_bandwidth: number;
    /** ≥ 0, ≤ 1 */
    latency: number;
    /** unit: B; ≥ 1000000, ≤ 1000000000000000 */
    memory: number;
    /** unit: B/s; ≥ 1000000, ≤ 1000000000000000 */
    memory_bandwidth: number;
    /** default false */
    microscaling?: boolean;
    /** at most 20 characters; default "2.27" */
    nccl?: string;
    /** ≥ 0, ≤ 10000; default 0 */
    nics_per_node?: number;
    /** default false */
    nvls?: boolean;
    /** at most 100 characters */
    preset: string;
    /** ≥ 0, ≤ 100000; default 0 */
    sms?: number;
  };
  known_schedules?: unknown;
  mode?: unknown;
  model: {
    /** default false */
    attention_sinks?: boolean;
    /** default true */
    bias?: boolean;
    /** unit: layers; ≥ 0, ≤ 10000; default 0 */
    dense_layers?: number;
    /** default true */
    dropout?: boolean;
    /** ≥ 1, ≤ 10000000; default 14336 */
    expert_ffn?: number;
    /** ≥ 1, ≤ 10000; default 1 */
    experts?: number;
    /** ≥ 1, ≤ 10000000; default 16384 */
    ffn?: number;
    /** unit: layers; ≥ 0, ≤ 10000; default 0 */
    full_every?: number;
    /** ≥ 0, ≤ 100000; default 0 */
    head_dim?: number;
    /** ≥ 1, ≤ 100000 */
    heads?: number;
    /** ≥ 1, ≤ 1000000 */
    hidden?: number;
    /** ≥ 1, ≤ 100000; default 32 */
    kv_heads?: number;
    /** ≥ 0, ≤ 1000000; default 0 */
    kv_lora_rank?: number;
    /** ≥ 1, ≤ 10000 */
    layers?: number;
    /** at most 200 characters; default "gelu" */
    mlp?: "gelu" | "swiglu";
    /** unit: layers; ≥ 1, ≤ 10000; default 1 */
    moe_every?: number;
    /** unit: modules; ≥ 0, ≤ 100; default 0 */
    mtp_layers?: number;
    /** at most 200 characters; default "layernorm" */
    norm?: "layernorm" | "rmsnorm";
    /** at most 200 characters; default "learned" */
    position?: "learned" | "rotary";
    /** at most 100 characters */
    preset: string;
    /** ≥ 0, ≤ 1000000; default 0 */
    q_lora_rank?: number;
    /** ≥ 0, ≤ 1000000; default 0 */
    qk_nope_head_dim?: number;
    /** default false */
    qk_norm?: boolean;
    /** ≥ 0, ≤ 1000000; default 0 */
    qk_rope_head_dim?: number;
    /** default false */
    qkv_bias?: boolean;
    /** default false */
    router_bias?: boolean;
    /** ≥ 1, ≤ 100000000 */
    seq?: number;
    /** ≥ 1, ≤ 10000000; default 14336 */
    shared_expert_ffn?: number;
    /** ≥ 0, ≤ 10000; default 0 */
    shared_experts?: number;
    /** default true */
    tied_embeddings?: boolean;
    /** ≥ 1, ≤ 10000; default 1 */
    top_k?: number;
    /** ≥ 0, ≤ 1000000; default 0 */
    v_head_dim?: number;
    /** ≥ 1, ≤ 100000000 */
    vocab?: number;
    /** unit: tokens; ≥ 0, ≤ 100000000; default 0 */
    window?: number;
  } | {
    /** default false */
    attention_sinks?: boolean;
    /** default true */
    bias?: boolean;
    /** unit: layers; ≥ 0, ≤ 10000; default 0 */
    dense_layers?: number;
    /** default true */
    dropout?: boolean;
    /** ≥ 1, ≤ 10000000; default 14336 */
    expert_ffn?: number;
    /** ≥ 1, ≤ 10000; default 1 */
    experts?: number;
    /** ≥ 1, ≤ 10000000; default 16384 */
    ffn?: number;
    /** unit: layers; ≥ 0, ≤ 10000; default 0 */
    full_every?: number;
    /** ≥ 0, ≤ 100000; default 0 */
    head_dim?: number;
    /** ≥ 1, ≤ 100000 */
    heads: number;
    /** ≥ 1, ≤ 1000000 */
    hidden: number;
    /** ≥ 1, ≤ 100000; default 32 */
    kv_heads?: number;
    /** ≥ 0, ≤ 1000000; default 0 */
    kv_lora_rank?: number;
    /** ≥ 1, ≤ 10000 */
    layers: number;
    /** at most 200 characters; default "gelu" */
    mlp?: "gelu" | "swiglu";
    /** unit: layers; ≥ 1, ≤ 10000; default 1 */
    moe_every?: number;
    /** unit: modules; ≥ 0, ≤ 100; default 0 */
    mtp_layers?: number;
    /** at most 200 characters; default "layernorm" */
    norm?: "layernorm" | "rmsnorm";
    /** at most 200 characters; default "learned" */
    position?: "learned" | "rotary";
    /** at most 100 characters */
    preset: string;
    /** ≥ 0, ≤ 1000000; default 0 */
    q_lora_rank?: number;
    /** ≥ 0, ≤ 1000000; default 0 */
    qk_nope_head_dim?: number;
    /** default false */
    qk_norm?: boolean;
    /** ≥ 0, ≤ 1000000; default 0 */
    qk_rope_head_dim?: number;
    /** default false */
    qkv_bias?: boolean;
    /** default false */
    router_bias?: boolean;
    /** ≥ 1, ≤ 100000000 */
    seq: number;
    /** ≥ 1, ≤ 10000000; default 14336 */
    shared_expert_ffn?: number;
    /** ≥ 0, ≤ 10000; default 0 */
    shared_experts?: number;
    /** default true */
    tied_embeddings?: boolean;
    /** ≥ 1, ≤ 10000; default 1 */
    top_k?: number;
    /** ≥ 0, ≤ 1000000; default 0 */
    v_head_dim?: number;
    /** ≥ 1, ≤ 100000000 */
    vocab: number;
    /** unit: tokens; ≥ 0, ≤ 100000000; default 0 */
    window?: number;
  };
  parallel?: {
    /** at most 200 characters; default "native" */
    attention_kernel?: "native" | "flash-attention-2";
    /** at most 200 characters; default "pre" */
    backward_prefetch?: "pre" | "post";
    /** ≥ 1, ≤ 1000000; default 1 */
    cp?: number;
    /** at most 200 characters; default "ring" */
    cp_attention?: "ring" | "all-gather";
    dp?: unknown;
    /** unit: ranks; ≥ 0, ≤ 1000000; default 0 */
    dp_shard?: number;
    /** default false */
    embedding_as_layer?: boolean;
    /** ≥ 1, ≤ 1000000; default 1 */
    ep?: number;
    etp?: unknown;
    /** unit: layers; ≥ 0, ≤ 10000; default 0 */
    first_stage_layers?: number;
    /** default true */
    flash_attention?: boolean;
    /** default false */
    fp8_param_gather?: boolean;
    /** at most 200 characters; default "megatron" */
    framework?: "megatron" | "megatron-2021" | "fsdp" | "fsdp1" | "deepspeed" | "deepspeed-2021" | "ideal";
    /** at most 200 characters; default "fused" */
    kernels?: "fused" | "eager" | "eager-fused-norm";
    /** unit: layers; ≥ 0, ≤ 10000; default 0 */
    last_stage_layers?: number;
    loss?: unknown;
    /** default false */
    loss_as_layer?: boolean;
    /** at most 200 characters; default "fp32" */
    master_weights?: "fp32" | "none";
    offload_activations?: unknown;
    offload_optimizer?: unknown;
    offload_params?: unknown;
    /** at most 200 characters; default "fp32" */
    optimizer_dtype?: "fp32" | "bf16";
    /** at most 200 characters; default "auto" */
    optimizer_kernel?: "auto" | "foreach" | "fused";
    order?: unknown;
    /** default true */
    overlap?: boolean;
    /** ≥ 1, ≤ 1000000; default 1 */
    pp?: number;
    /** at most 200 characters; default "bf16" */
    precision?: "bf16" | "fp8-delayed" | "fp8-current" | "fp8-blockwise" | "mxfp8" | "nvfp4";
    /** at most 200 characters; default "none" */
    recompute?: "none" | "selective" | "selective-op" | "full";
    /** at most 200 characters; default "uniform" */
    recompute_method?: "uniform" | "block";
    recompute_modules?: Array<unknown>;
    /** ≥ 1, ≤ 1000000; default 1 */
    recompute_num_layers?: number;
    reduce_dtype?: unknown;
    /** default false */
    returns_kv_cache?: boolean;
    /** ≥ 1, ≤ 1024; default 1 */
    routing_imbalance?: number;
    /** at most 200 characters; default "1f1b" */
    schedule?: "gpipe" | "1f1b" | "interleaved";
    /** default false */
    sequence_parallel?: boolean;
    /** ≥ 1, ≤ 1000000; default 1 */
    tp?: number;
    /** default false */
    tp_overlap?: boolean;
    /** ≥ 1, ≤ 10000; default 1 */
    virtual_stages?: number;
    /** ≥ 0, ≤ 3; default 0 */
    zero?: number;
  };
  /** default false */
  placement?: boolean;
  /** ≥ 0, ≤ 10000000; default 0 */
  placement_rank?: number;
  /** default false */
  scaling?: boolean;
  /** at most 200 characters; default "micro" */
  scaling_hold?: "micro" | "accumulation";
  training?: Record<string, unknown>;
};

export type DpNetworkAnswer = {
  current?: {
    exposed?: number;
    exposed_bound?: number;
    gpus_per_node?: number;
    inter_bandwidth?: number;
    nic_bandwidth?: number;
    nics_per_node?: number;
    time?: number;
    time_bound?: number;
  };
  curve?: {
    exposed?: Array<number>;
    exposed_bound?: Array<number>;
    inter_bandwidth?: Array<number>;
  };
  dp?: {
    bytes_per_step?: number;
    calls_per_step?: number;
    group_size?: number;
    inter_node?: boolean;
  };
  floor?: {
    exposed?: number;
    inter_bandwidth?: number;
  };
  formulas?: {
    /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
    as_run?: {
      text: string;
      values: Array<{
        unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
        value: number;
      }>;
    };
    /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
    bound?: {
      text: string;
      values: Array<{
        unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
        value: number;
      }>;
    };
  };
  needed?: {
    exposed?: number | null;
    found?: boolean;
    inter_bandwidth?: number | null;
    nic_bandwidth?: number | null;
    reason?: string;
  };
  scope?: Array<string>;
  settles?: {
    exposed?: number | null;
    inter_bandwidth?: number | null;
    nic_bandwidth?: number | null;
  };
} | {
  error: {
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  };
  errors: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
  warnings?: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
};

/** Writes a plan request as Megatron-LM arguments, a DeepSpeed JSON or a torchtitan TOML that import reads back. */
export type ExportRequest = {
  /** at most 200 characters */
  format: "megatron" | "deepspeed" | "torchtitan";
  request: Record<string, unknown>;
};

export type ExportAnswer = {
  filename?: string;
  format?: string;
  text?: string;
} | {
  error: {
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  };
  errors: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
  warnings?: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
};

/** The engine against every published run, calibration and validation apart. */
export type FidelityRequest = {
  /** at most 200 characters; default "training" */
  mode?: "training" | "inference";
  /** default false */
  refit?: boolean;
};

export type FidelityAnswer = {
  calibration?: {
    cases?: number;
    max_abs_error?: number;
    mean_abs_error?: number;
  };
  cases?: Array<{
    assumed?: Array<string>;
    engine?: number;
    error?: number;
    expressed?: boolean;
    fits?: boolean;
    gap?: string;
    hfu?: number;
    id?: string;
    ideal_step?: number;
    measured?: number;
    metric?: string;
    mfu?: number;
    model_step?: number;
    published?: {
      how?: string;
      kind?: string;
      log_global_batch_size?: number;
      log_gradient_accumulation_steps?: number;
      log_opt_base_learning_rate?: number;
      log_opt_learning_rate_warmup_steps?: number;
      memory_as_printed?: string;
      mfu_percent?: number;
      model_flops_per_step?: number;
      peak_flops_per_gpu?: number;
      run_first20_last20_medians?: Array<Array<number>>;
      run_medians?: Array<number>;
      run_ranges?: Array<Array<number>>;
      runs?: number;
      step_seconds_from_column?: number;
      table_mfu_percent?: number;
      table_per_gpu_tflops?: number;
      table_tflops_per_gpu?: number;
      table_throughput_tokens_per_s?: number;
      table_tokens_per_gpu_per_second?: number;
      tokens_per_second_per_gpu_derived?: number;
      value?: number;
    };
    published_step?: number;
    request?: {
      batch?: {
        global?: number;
        micro?: number;
      };
      hardware?: {
        gpus?: number;
        gpus_per_node?: number;
        inter_bandwidth?: number;
        intra_bandwidth?: number;
        memory?: number;
        memory_bandwidth?: number;
        nics_per_node?: number;
        preset?: string;
      };
      mode?: string;
      model?: {
        attention_sinks?: boolean;
        bias?: boolean;
        dense_layers?: number;
        dropout?: boolean;
        expert_ffn?: number;
        experts?: number;
        ffn?: number;
        full_every?: number;
        head_dim?: number;
        heads?: number;
        hidden?: number;
        kv_heads?: number;
        kv_lora_rank?: number;
        layers?: number;
        mlp?: string;
        moe_every?: number;
        mtp_layers?: number;
        norm?: string;
        position?: string;
        preset?: string;
        q_lora_rank?: number;
        qk_nope_head_dim?: number;
        qk_norm?: boolean;
        qk_rope_head_dim?: number;
        router_bias?: boolean;
        seq?: number;
        shared_expert_ffn?: number;
        shared_experts?: number;
        tied_embeddings?: boolean;
        top_k?: number;
        v_head_dim?: number;
        vocab?: number;
        window?: number;
      };
      parallel?: {
        attention_kernel?: string;
        backward_prefetch?: string;
        cp?: number;
        cp_attention?: string;
        dp?: number;
        embedding_as_layer?: boolean;
        ep?: number;
        etp?: number;
        first_stage_layers?: number;
        flash_attention?: boolean;
        framework?: string;
        kernels?: string;
        last_stage_layers?: number;
        loss?: string;
        loss_as_layer?: boolean;
        optimizer_kernel?: string;
        overlap?: boolean;
        pp?: number;
        precision?: string;
        recompute?: string;
        recompute_modules?: Array<string>;
        reduce_dtype?: string;
        schedule?: string;
        sequence_parallel?: boolean;
        tp?: number;
        tp_overlap?: boolean;
        virtual_stages?: number;
        zero?: number;
      };
      serving?: {
        concurrency?: number;
        output?: number;
        prompt?: number;
        runtime?: string;
      };
    };
    role?: string;
    seal?: string;
    set?: string;
    source?: string;
    statement?: string;
    tolerance?: number;
    unit?: string;
    where?: string;
  }>;
  constants?: Array<{
    constant?: string;
    how?: string;
    source?: string;
  }>;
  held_out?: {
    cases?: Array<{
      assumed?: Array<string>;
      corrected?: Array<string>;
      engine?: number;
      error?: number;
      fits?: boolean;
      id?: string;
      label?: string;
      limit?: string;
      measured?: number;
      metric?: string;
      request?: {
        hardware?: {
          gpus?: number;
          intra_bandwidth?: number;
          memory_bandwidth?: number;
          preset?: string;
        };
        mode?: string;
        model?: {
          bias?: boolean;
          dropout?: boolean;
          ffn?: number;
          head_dim?: number;
          heads?: number;
          hidden?: number;
          kv_heads?: number;
          layers?: number;
          mlp?: string;
          norm?: string;
          position?: string;
          preset?: string;
          qk_norm?: boolean;
          qkv_bias?: boolean;
          seq?: number;
          tied_embeddings?: boolean;
          vocab?: number;
        };
        parallel?: {
          dp?: number;
          ep?: number;
          pp?: number;
          precision?: string;
          tp?: number;
        };
        serving?: {
          arrival?: string;
          block?: number;
          cached_prompt?: number;
          concurrency?: number;
          disaggregated?: boolean;
          expert_weights?: string;
          group_size?: number;
          kv?: string;
          lengths?: string;
          output?: number;
          output_max?: number;
          prompt?: number;
          request_rate?: number;
          requests?: number;
          runtime?: string;
          runtime_version?: string;
          token_budget?: number;
          weights?: string;
        };
      };
      seal?: string;
      served?: number;
      source?: string;
      speed_error?: number;
      unit?: string;
      where?: string;
    }>;
    frozen?: string;
    informed?: {
      cases?: number;
      max_abs_error?: number;
      mean_abs_error?: number;
      mean_of_sources?: number;
      mean_speed_error?: number;
      median_abs_error?: number;
      median_speed_error?: number;
      sources?: number;
      worst_source?: string;
      worst_source_error?: number;
    };
    note?: string;
    readings?: Array<{
      cases?: number;
      engine_commit?: string;
      frozen?: string;
      mean_abs_error?: number;
      runs?: string;
    }>;
    refused?: number;
    sealed?: {
      cases?: number;
      max_abs_error?: number;
      mean_abs_error?: number;
      mean_of_sources?: number;
      mean_speed_error?: number;
      median_abs_error?: number;
      median_speed_error?: number;
      sources?: number;
      worst_source?: string;
      worst_source_error?: number;
    };
    sealed_on?: string;
    sources?: Array<{
      added?: string;
      errors?: {
        cases?: number;
        max_abs_error?: number;
        mean_abs_error?: number;
        mean_speed_error?: number;
        median_abs_error?: number;
        median_speed_error?: number;
      };
      full_name?: string;
      id?: string;
      informed_by?: Array<string>;
      name?: string;
      role?: string;
      runtime?: string;
      seal?: string;
      set_aside?: string;
      title?: string;
      url?: string;
    }>;
  };
  in_sample?: {
    cases?: number;
    engine_faster?: number;
    max_abs_error?: number;
    mean_abs_error?: number;
    mean_error?: number;
  };
  informed?: {
    cases?: number;
    engine_faster?: number;
    max_abs_error?: number;
    mean_abs_error?: number;
    mean_error?: number;
  };
  memory?: {
    cases?: Array<{
      corrected?: Array<string>;
      engine?: number;
      error?: number;
      id?: string;
      measured?: number;
      parts?: {
        activations?: number;
        buffers?: number;
        context?: number;
        gradients?: number;
        nccl?: number;
        optimizer?: number;
        parameters?: number;
        reserve?: number;
        userbuffers?: number;
        workspaces?: number;
      };
      published?: {
        kind?: string;
        mib?: number;
        rank?: string;
        tool?: string;
        unit?: string;
        unit_note?: string;
        value?: number;
      };
      quantity?: string;
      request?: {
        batch?: {
          global?: number;
          micro?: number;
        };
        hardware?: {
          allocator?: string;
          gpus?: number;
          gpus_per_node?: number;
          memory?: number;
          nccl?: string;
          preset?: string;
        };
        model?: {
          bias?: boolean;
          dense_layers?: number;
          dropout?: boolean;
          expert_ffn?: number;
          experts?: number;
          ffn?: number;
          heads?: number;
          hidden?: number;
          kv_heads?: number;
          kv_lora_rank?: number;
          layers?: number;
          mlp?: string;
          norm?: string;
          position?: string;
          preset?: string;
          q_lora_rank?: number;
          qk_nope_head_dim?: number;
          qk_rope_head_dim?: number;
          qkv_bias?: boolean;
          seq?: number;
          shared_expert_ffn?: number;
          shared_experts?: number;
          tied_embeddings?: boolean;
          top_k?: number;
          v_head_dim?: number;
          vocab?: number;
        };
        parallel?: {
          cp?: number;
          cp_attention?: string;
          dp?: number;
          ep?: number;
          etp?: number;
          first_stage_layers?: number;
          flash_attention?: boolean;
          framework?: string;
          kernels?: string;
          last_stage_layers?: number;
          loss?: string;
          master_weights?: string;
          optimizer_dtype?: string;
          optimizer_kernel?: string;
          pp?: number;
          precision?: string;
          recompute?: string;
          reduce_dtype?: string;
          returns_kv_cache?: boolean;
          schedule?: string;
          sequence_parallel?: boolean;
          tp?: number;
          virtual_stages?: number;
          zero?: number;
        };
      };
      set?: string;
      source?: string;
      stage?: string;
    }>;
    not_expressed?: Array<unknown>;
    note?: string;
    sources?: Array<{
      added?: string;
      errors?: {
        cases?: number;
        max_abs_error?: number;
        mean_abs_error?: number;
        mean_signed_error?: number;
      };
      full_name?: string;
      id?: string;
      informed_by?: Array<{
        change?: string;
        commit?: string;
        date?: string;
      }>;
      name?: string;
      role?: string;
      title?: string;
      tolerance?: null;
      url?: string;
    }>;
    summaries?: {
      informed?: {
        allocated?: {
          cases?: number;
          max_abs_error?: number;
          mean_abs_error?: number;
          mean_signed_error?: number;
        };
        device?: {
          cases?: number;
          max_abs_error?: number;
          mean_abs_error?: number;
          mean_signed_error?: number;
        };
        reserved?: {
          cases?: number;
          max_abs_error?: number;
          mean_abs_error?: number;
          mean_signed_error?: number;
        };
      };
      sealed?: {
        allocated?: {
          cases?: number;
          max_abs_error?: number;
          mean_abs_error?: number;
          mean_signed_error?: number;
        };
        device?: {
          cases?: number;
          max_abs_error?: number;
          mean_abs_error?: number;
          mean_signed_error?: number;
        };
        reserved?: {
          cases?: number;
          max_abs_error?: number;
          mean_abs_error?: number;
          mean_signed_error?: number;
        };
      };
    };
  };
  mode?: string;
  not_expressed?: number;
  note?: string;
  out_of_sample?: {
    cases?: number;
    engine_faster?: number;
    max_abs_error?: number;
    mean_abs_error?: number;
    mean_error?: number;
  };
  sealed?: {
    cases?: number;
    engine_faster?: number;
    max_abs_error?: number;
    mean_abs_error?: number;
    mean_error?: number;
    mean_of_sources?: number;
    mean_speed_error?: number;
    median_abs_error?: number;
    median_speed_error?: number;
    sources?: number;
    worst_source?: string;
    worst_source_error?: number;
  };
  sources?: Array<{
    added?: string;
    errors?: {
      cases?: number;
      engine_faster?: number;
      max_abs_error?: number;
      mean_abs_error?: number;
      mean_error?: number;
    };
    fits?: Array<string>;
    id?: string;
    informed_by?: Array<{
      change?: string;
      commit?: string;
      date?: string;
    }>;
    name?: string;
    note?: string;
    refits?: string;
    role?: string;
    title?: string;
    tolerance?: number;
    url?: string;
  }>;
  validation?: {
    cases?: number;
    max_abs_error?: number;
    mean_abs_error?: number;
  };
} | {
  error: {
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  };
  errors: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
  warnings?: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
};

/** Reads a pasted Hugging Face config.json, Megatron-LM launch script, DeepSpeed JSON or torchtitan TOML into a complete plan request, with what was read, assumed and left out. */
export type ImportRequest = {
  batch?: Record<string, unknown>;
  /** at most 200 characters; default "auto" */
  format?: "auto" | "hf" | "megatron" | "deepspeed" | "torchtitan";
  hardware?: Record<string, unknown>;
  model?: Record<string, unknown>;
  parallel?: Record<string, unknown>;
  /** at most 262144 characters */
  text?: string;
  texts?: Array<unknown>;
};

export type ImportAnswer = {
  assumed?: Array<{
    field?: string;
    /** any JSON value */
    value?: unknown;
    why?: string;
  }>;
  format?: string;
  formats?: Array<string>;
  ignored?: Array<{
    from?: string;
    line?: number;
    /** any JSON value */
    value?: unknown;
    why?: string;
  }>;
  parameters?: number;
  read?: Array<{
    field?: string;
    from?: string;
    line?: number;
    /** any JSON value */
    value?: unknown;
  }>;
  /** any JSON value */
  request?: unknown;
} | {
  error: {
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  };
  errors: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
  warnings?: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
};

/** Reads pasted all_reduce_perf output: fits the ideal ring and the planner's network model. */
export type NcclTestsRequest = {
  /** at most 200 characters; default "out_of_place" */
  column?: "out_of_place" | "in_place";
  /** at most 4194304 characters */
  log: string;
  /** unit: B; ≥ 0, ≤ 1000000000000000; default 1000000000000000 */
  max_bytes?: number;
  /** unit: B; ≥ 0, ≤ 1000000000000000; default 0 */
  min_bytes?: number;
  /** ≥ 2, ≤ 65536 */
  ranks?: number;
};

export type NcclTestsAnswer = {
  avg_busbw?: number | null;
  collective?: string | null;
  column?: string;
  fit?: {
    bandwidth?: number;
    intercept?: number;
    latency?: number;
    latency_clamped?: boolean;
    points?: number;
    r2?: number;
    slope?: number;
    weighting?: string;
  } | null;
  fit_problem?: string;
  header_found?: boolean;
  planner_network?: {
    busbw?: number;
    call_overhead?: number;
    intra_bandwidth_by_preset?: {
      "a100-40gb"?: {
        efficiency?: number;
        intra_bandwidth?: number;
      };
      "a100-80gb"?: {
        efficiency?: number;
        intra_bandwidth?: number;
      };
      "a100-80gb-jean-zay"?: {
        efficiency?: number;
        intra_bandwidth?: number;
      };
      "a800-80gb"?: {
        efficiency?: number;
        intra_bandwidth?: number;
      };
      b200?: {
        efficiency?: number;
        intra_bandwidth?: number;
      };
      "gb200-nvl72"?: {
        efficiency?: number;
        intra_bandwidth?: number;
      };
      "h100-sxm"?: {
        efficiency?: number;
        intra_bandwidth?: number;
      };
      "h100-sxm-96gb-500w"?: {
        efficiency?: number;
        intra_bandwidth?: number;
      };
      h200?: {
        efficiency?: number;
        intra_bandwidth?: number;
      };
      "h800-sxm"?: {
        efficiency?: number;
        intra_bandwidth?: number;
      };
    };
    mean_abs_error?: number;
    meaning?: string;
    rows?: Array<{
      algorithm?: string;
      model_time?: number;
      protocol?: string;
      size?: number;
      time?: number;
    }>;
  };
  rank_lines?: number;
  ranks?: number | null;
  ranks_source?: string;
  rows?: Array<{
    algbw?: number;
    busbw?: number | null;
    in_fit?: boolean;
    in_place_time?: number | null;
    line?: number;
    logged_algbw?: number | null;
    logged_busbw?: number | null;
    model_time?: number;
    out_of_place_time?: number;
    redop?: string;
    size?: number;
    time?: number;
    type?: string;
    wrong?: string;
  }>;
  skipped?: Array<{
    line?: number;
    reason?: string;
    text?: string;
  }>;
  skipped_count?: number;
  units?: {
    algbw?: string;
    busbw?: string;
    size?: string;
    time?: string;
  };
  unreadable?: Array<unknown>;
} | {
  error: {
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  };
  errors: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
  warnings?: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
};

/** A distributed execution plan: partitions, memory per device, every transfer, step time as run and ideal. */
export type PlanRequest = {
  batch?: {
    /** ≥ 1, ≤ 1000000000000 */
    accumulation?: number;
    /** ≥ 1, ≤ 1000000000000 */
    global?: number;
    /** ≥ 1, ≤ 1000000000000; default 1 */
    micro?: number;
  };
  hardware: {
    /** at most 200 characters; default "default" */
    allocator?: "default" | "expandable_segments";
    attention?: {
      /** > 0, ≤ 1 */
      backward: number;
      /** unit: tokens; ≥ 0, ≤ 10000000 */
      backward_half: number;
      /** > 0, ≤ 1 */
      forward: number;
      /** unit: tokens; ≥ 0, ≤ 10000000 */
      forward_half: number;
    };
    efficiencies?: {
      /** > 0, ≤ 1; default 0.8 */
      compute?: number;
      /** > 0, ≤ 1; default 0 */
      compute_fp4?: number;
      /** > 0, ≤ 1; default 0 */
      compute_fp8?: number;
      /** > 0, ≤ 1; default 0 */
      hbm?: number;
      /** > 0, ≤ 1; default 0.9 */
      inter?: number;
      /** > 0, ≤ 1; default 0.8 */
      intra?: number;
      /** ≥ 0, ≤ 100; default 12 */
      memory_traffic?: number;
    };
    /** default false */
    flash_attention?: boolean;
    /** ≥ 0, ≤ 1; default 0 */
    flash_attention_2?: number;
    /** unit: FLOP/s; ≥ 1000000000, ≤ 1000000000000000000 */
    flops?: number;
    /** unit: FLOP/s; ≥ 0, ≤ 1000000000000000000; default 0 */
    flops_fp4?: number;
    /** unit: FLOP/s; ≥ 0, ≤ 1000000000000000000; default 0 */
    flops_fp8?: number;
    /** ≥ 1, ≤ 10000000; default 8 */
    gpus?: number;
    /** unit: GPUs; ≥ 0, ≤ 10000; default 0 */
    gpus_per_host?: number;
    /** ≥ 1, ≤ 10000 */
    gpus_per_node?: number;
    /** unit: B/s; ≥ 1000000, ≤ 1000000000000000 */
    inter_bandwidth?: number;
    /** unit: B/s; ≥ 1000000, ≤ 1000000000000000 */
    intra_bandwidth?: number;
    /** ≥ 0, ≤ 1 */
    latency?: number;
    /** unit: B; ≥ 1000000, ≤ 1000000000000000 */
    memory?: number;
    /** unit: B/s; ≥ 1000000, ≤ 1000000000000000 */
    memory_bandwidth?: number;
    /** default false */
    microscaling?: boolean;
    /** at most 20 characters; default "2.27" */
    nccl?: string;
    /** ≥ 0, ≤ 10000; default 0 */
    nics_per_node?: number;
    /** default false */
    nvls?: boolean;
    /** at most 100 characters */
    preset: string;
    /** ≥ 0, ≤ 100000; default 0 */
    sms?: number;
  } | {
    /** at most 200 characters; default "default" */
    allocator?: "default" | "expandable_segments";
    attention?: {
      /** > 0, ≤ 1 */
      backward: number;
      /** unit: tokens; ≥ 0, ≤ 10000000 */
      backward_half: number;
      /** > 0, ≤ 1 */
      forward: number;
      /** unit: tokens; ≥ 0, ≤ 10000000 */
      forward_half: number;
    };
    efficiencies?: {
      /** > 0, ≤ 1; default 0.8 */
      compute?: number;
      /** > 0, ≤ 1; default 0 */
      compute_fp4?: number;
      /** > 0, ≤ 1; default 0 */
      compute_fp8?: number;
      /** > 0, ≤ 1; default 0 */
      hbm?: number;
      /** > 0, ≤ 1; default 0.9 */
      inter?: number;
      /** > 0, ≤ 1; default 0.8 */
      intra?: number;
      /** ≥ 0, ≤ 100; default 12 */
      memory_traffic?: number;
    };
    /** default false */
    flash_attention?: boolean;
    /** ≥ 0, ≤ 1; default 0 */
    flash_attention_2?: number;
    /** unit: FLOP/s; ≥ 1000000000, ≤ 1000000000000000000 */
    flops: number;
    /** unit: FLOP/s; ≥ 0, ≤ 1000000000000000000; default 0 */
    flops_fp4?: number;
    /** unit: FLOP/s; ≥ 0, ≤ 1000000000000000000; default 0 */
    flops_fp8?: number;
    /** ≥ 1, ≤ 10000000; default 8 */
    gpus?: number;
    /** unit: GPUs; ≥ 0, ≤ 10000; default 0 */
    gpus_per_host?: number;
    /** ≥ 1, ≤ 10000 */
    gpus_per_node: number;
    /** unit: B/s; ≥ 1000000, ≤ 1000000000000000 */
    inter_bandwidth: number;
    /** unit: B/s; ≥ 1000000, ≤ 1000000000000000 */
    intra_bandwidth: number;
    /** ≥ 0, ≤ 1 */
    latency: number;
    /** unit: B; ≥ 1000000, ≤ 1000000000000000 */
    memory: number;
    /** unit: B/s; ≥ 1000000, ≤ 1000000000000000 */
    memory_bandwidth: number;
    /** default false */
    microscaling?: boolean;
    /** at most 20 characters; default "2.27" */
    nccl?: string;
    /** ≥ 0, ≤ 10000; default 0 */
    nics_per_node?: number;
    /** default false */
    nvls?: boolean;
    /** at most 100 characters */
    preset: string;
    /** ≥ 0, ≤ 100000; default 0 */
    sms?: number;
  };
  known_schedules?: unknown;
  /** at most 200 characters; default "training" */
  mode?: "training" | "inference";
  model: {
    /** default false */
    attention_sinks?: boolean;
    /** default true */
    bias?: boolean;
    /** unit: layers; ≥ 0, ≤ 10000; default 0 */
    dense_layers?: number;
    /** default true */
    dropout?: boolean;
    /** ≥ 1, ≤ 10000000; default 28672 */
    expert_ffn?: number;
    /** ≥ 1, ≤ 10000; default 1 */
    experts?: number;
    /** ≥ 1, ≤ 10000000; default 32768 */
    ffn?: number;
    /** unit: layers; ≥ 0, ≤ 10000; default 0 */
    full_every?: number;
    /** ≥ 0, ≤ 100000; default 0 */
    head_dim?: number;
    /** ≥ 1, ≤ 100000 */
    heads?: number;
    /** ≥ 1, ≤ 1000000 */
    hidden?: number;
    /** ≥ 1, ≤ 100000; default 64 */
    kv_heads?: number;
    /** ≥ 0, ≤ 1000000; default 0 */
    kv_lora_rank?: number;
    /** ≥ 1, ≤ 10000 */
    layers?: number;
    /** at most 200 characters; default "gelu" */
    mlp?: "gelu" | "swiglu";
    /** unit: layers; ≥ 1, ≤ 10000; default 1 */
    moe_every?: number;
    /** unit: modules; ≥ 0, ≤ 100; default 0 */
    mtp_layers?: number;
    /** at most 200 characters; default "layernorm" */
    norm?: "layernorm" | "rmsnorm";
    /** at most 200 characters; default "learned" */
    position?: "learned" | "rotary";
    /** at most 100 characters */
    preset: string;
    /** ≥ 0, ≤ 1000000; default 0 */
    q_lora_rank?: number;
    /** ≥ 0, ≤ 1000000; default 0 */
    qk_nope_head_dim?: number;
    /** default false */
    qk_norm?: boolean;
    /** ≥ 0, ≤ 1000000; default 0 */
    qk_rope_head_dim?: number;
    /** default false */
    qkv_bias?: boolean;
    /** default false */
    router_bias?: boolean;
    /** ≥ 1, ≤ 100000000 */
    seq?: number;
    /** ≥ 1, ≤ 10000000; default 28672 */
    shared_expert_ffn?: number;
    /** ≥ 0, ≤ 10000; default 0 */
    shared_experts?: number;
    /** default true */
    tied_embeddings?: boolean;
    /** ≥ 1, ≤ 10000; default 1 */
    top_k?: number;
    /** ≥ 0, ≤ 1000000; default 0 */
    v_head_dim?: number;
    /** ≥ 1, ≤ 100000000 */
    vocab?: number;
    /** unit: tokens; ≥ 0, ≤ 100000000; default 0 */
    window?: number;
  } | {
    /** default false */
    attention_sinks?: boolean;
    /** default true */
    bias?: boolean;
    /** unit: layers; ≥ 0, ≤ 10000; default 0 */
    dense_layers?: number;
    /** default true */
    dropout?: boolean;
    /** ≥ 1, ≤ 10000000; default 28672 */
    expert_ffn?: number;
    /** ≥ 1, ≤ 10000; default 1 */
    experts?: number;
    /** ≥ 1, ≤ 10000000; default 32768 */
    ffn?: number;
    /** unit: layers; ≥ 0, ≤ 10000; default 0 */
    full_every?: number;
    /** ≥ 0, ≤ 100000; default 0 */
    head_dim?: number;
    /** ≥ 1, ≤ 100000 */
    heads: number;
    /** ≥ 1, ≤ 1000000 */
    hidden: number;
    /** ≥ 1, ≤ 100000; default 64 */
    kv_heads?: number;
    /** ≥ 0, ≤ 1000000; default 0 */
    kv_lora_rank?: number;
    /** ≥ 1, ≤ 10000 */
    layers: number;
    /** at most 200 characters; default "gelu" */
    mlp?: "gelu" | "swiglu";
    /** unit: layers; ≥ 1, ≤ 10000; default 1 */
    moe_every?: number;
    /** unit: modules; ≥ 0, ≤ 100; default 0 */
    mtp_layers?: number;
    /** at most 200 characters; default "layernorm" */
    norm?: "layernorm" | "rmsnorm";
    /** at most 200 characters; default "learned" */
    position?: "learned" | "rotary";
    /** at most 100 characters */
    preset: string;
    /** ≥ 0, ≤ 1000000; default 0 */
    q_lora_rank?: number;
    /** ≥ 0, ≤ 1000000; default 0 */
    qk_nope_head_dim?: number;
    /** default false */
    qk_norm?: boolean;
    /** ≥ 0, ≤ 1000000; default 0 */
    qk_rope_head_dim?: number;
    /** default false */
    qkv_bias?: boolean;
    /** default false */
    router_bias?: boolean;
    /** ≥ 1, ≤ 100000000 */
    seq: number;
    /** ≥ 1, ≤ 10000000; default 28672 */
    shared_expert_ffn?: number;
    /** ≥ 0, ≤ 10000; default 0 */
    shared_experts?: number;
    /** default true */
    tied_embeddings?: boolean;
    /** ≥ 1, ≤ 10000; default 1 */
    top_k?: number;
    /** ≥ 0, ≤ 1000000; default 0 */
    v_head_dim?: number;
    /** ≥ 1, ≤ 100000000 */
    vocab: number;
    /** unit: tokens; ≥ 0, ≤ 100000000; default 0 */
    window?: number;
  };
  parallel?: {
    /** at most 200 characters; default "native" */
    attention_kernel?: "native" | "flash-attention-2";
    /** at most 200 characters; default "pre" */
    backward_prefetch?: "pre" | "post";
    /** ≥ 1, ≤ 1000000; default 1 */
    cp?: number;
    /** at most 200 characters; default "ring" */
    cp_attention?: "ring" | "all-gather";
    /** ≥ 1, ≤ 1000000 */
    dp?: number;
    /** unit: ranks; ≥ 0, ≤ 1000000; default 0 */
    dp_shard?: number;
    /** default false */
    embedding_as_layer?: boolean;
    /** ≥ 1, ≤ 1000000; default 1 */
    ep?: number;
    /** ≥ 1, ≤ 1000000 */
    etp?: number;
    /** unit: layers; ≥ 0, ≤ 10000; default 0 */
    first_stage_layers?: number;
    /** default true */
    flash_attention?: boolean;
    /** default false */
    fp8_param_gather?: boolean;
    /** at most 200 characters; default "megatron" */
    framework?: "megatron" | "megatron-2021" | "fsdp" | "fsdp1" | "deepspeed" | "deepspeed-2021" | "ideal";
    /** at most 200 characters; default "fused" */
    kernels?: "fused" | "eager" | "eager-fused-norm";
    /** unit: layers; ≥ 0, ≤ 10000; default 0 */
    last_stage_layers?: number;
    /** at most 200 characters */
    loss?: "fused" | "eager" | "chunked";
    /** default false */
    loss_as_layer?: boolean;
    /** at most 200 characters; default "fp32" */
    master_weights?: "fp32" | "none";
    offload_activations?: unknown;
    offload_optimizer?: unknown;
    offload_params?: unknown;
    /** at most 200 characters; default "fp32" */
    optimizer_dtype?: "fp32" | "bf16";
    /** at most 200 characters; default "auto" */
    optimizer_kernel?: "auto" | "foreach" | "fused";
    /** at most 64 characters */
    order?: string;
    /** default true */
    overlap?: boolean;
    /** ≥ 1, ≤ 1000000; default 1 */
    pp?: number;
    /** at most 200 characters; default "bf16" */
    precision?: "bf16" | "fp8-delayed" | "fp8-current" | "fp8-blockwise" | "mxfp8" | "nvfp4";
    /** at most 200 characters; default "none" */
    recompute?: "none" | "selective" | "selective-op" | "full";
    /** at most 200 characters; default "uniform" */
    recompute_method?: "uniform" | "block";
    recompute_modules?: Array<unknown>;
    /** ≥ 1, ≤ 1000000; default 1 */
    recompute_num_layers?: number;
    /** at most 200 characters */
    reduce_dtype?: "bf16" | "fp32" | "fp16";
    /** default false */
    returns_kv_cache?: boolean;
    /** ≥ 1, ≤ 1024; default 1 */
    routing_imbalance?: number;
    /** at most 200 characters; default "1f1b" */
    schedule?: "gpipe" | "1f1b" | "interleaved";
    /** default false */
    sequence_parallel?: boolean;
    /** ≥ 1, ≤ 1000000; default 1 */
    tp?: number;
    /** default false */
    tp_overlap?: boolean;
    /** ≥ 1, ≤ 10000; default 1 */
    virtual_stages?: number;
    /** ≥ 0, ≤ 3; default 0 */
    zero?: number;
  };
  /** default false */
  placement?: boolean;
  /** ≥ 0, ≤ 10000000; default 0 */
  placement_rank?: number;
  /** default false */
  scaling?: boolean;
  /** at most 200 characters; default "micro" */
  scaling_hold?: "micro" | "accumulation";
  serving?: {
    /** at most 200 characters; default "closed_loop" */
    arrival?: "closed_loop" | "all_at_once" | "poisson";
    /** > 0, ≤ 1 */
    bandwidth_fraction?: number;
    /** unit: tokens; ≥ 1, ≤ 4096 */
    block?: number;
    /** unit: tokens; ≥ 0, ≤ 100000000; default 0 */
    cached_prompt?: number;
    /** unit: sequences; ≥ 1, ≤ 10000000; default 16 */
    concurrency?: number;
    /** default false */
    disaggregated?: boolean;
    /** at most 200 characters */
    expert_weights?: "bf16" | "fp8" | "int8" | "int4" | "mxfp4" | "nvfp4";
    /** unit: weights; ≥ 0, ≤ 1000000; default 0 */
    group_size?: number;
    /** unit: s; ≥ 0, ≤ 1 */
    host_overhead?: number;
    /** at most 200 characters; default "bf16" */
    kv?: "bf16" | "fp8";
    /** at most 200 characters; default "fixed" */
    lengths?: "fixed" | "dataset";
    /** unit: tokens; ≥ 1, ≤ 100000000; default 256 */
    output?: number;
    /** unit: tokens; ≥ 0, ≤ 100000000; default 0 */
    output_max?: number;
    /** unit: tokens; ≥ 1, ≤ 100000000; default 2048 */
    prompt?: number;
    /** unit: requests/s; > 0, ≤ 10000000 */
    request_rate?: number;
    /** unit: requests; ≥ 0, ≤ 1000000000; default 0 */
    requests?: number;
    /** at most 200 characters; default "ideal" */
    runtime?: "ideal" | "vllm" | "sglang" | "trtllm" | "lmdeploy" | "gpt-fast";
    /** at most 64 characters; default "" */
    runtime_version?: string;
    /** unit: tokens; ≥ 0, ≤ 10000000; default 0 */
    token_budget?: number;
    /** at most 200 characters; default "bf16" */
    weights?: "bf16" | "fp8" | "int8" | "int4" | "mxfp4" | "nvfp4";
  };
  training?: {
    /** > 0, ≤ 10000000000000000 */
    tokens: number;
  };
};

export type PlanAnswer = {
  batch?: {
    accumulation?: number;
    dp?: number;
    equation?: string;
    global?: number;
    micro?: number;
    tokens_per_step?: number;
  };
  communication?: Array<{
    algorithm?: string;
    busbw?: number;
    bytes_per_call?: number;
    bytes_per_step?: number;
    calls_per_step?: number;
    collective?: string;
    count_per_microbatch?: number;
    count_per_step?: number;
    exposed_time_per_step?: number;
    framework_share?: number;
    group?: string;
    group_size?: number;
    id?: string;
    latency_per_step?: number;
    latency_share?: number;
    link?: string;
    name?: string;
    phase?: string;
    protocol?: string;
    shape?: Array<number>;
    tensor?: string;
    time_per_step?: number;
    where?: string;
  }> | {
    decode?: Array<{
      algorithm?: string;
      bytes?: number;
      bytes_per_call?: number;
      bytes_per_step?: number;
      bytes_per_token?: number;
      calls?: number;
      calls_per_step?: number;
      collective?: string;
      count_per_step?: number;
      exposed_time_per_step?: number;
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      formula?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      group?: string;
      group_size?: number;
      id?: string;
      latency_per_step?: number;
      latency_share?: number;
      link?: string;
      name?: string;
      phase?: string;
      protocol?: string;
      scope?: string;
      shape?: Array<number>;
      stage?: number;
      tensor?: string;
      time?: number;
      time_per_step?: number;
      tokens?: number;
      where?: string;
    }>;
    prefill?: Array<{
      algorithm?: string;
      bytes?: number;
      bytes_per_call?: number;
      bytes_per_step?: number;
      bytes_per_token?: number;
      calls?: number;
      calls_per_step?: number;
      collective?: string;
      count_per_step?: number;
      exposed_time_per_step?: number;
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      formula?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      group?: string;
      group_size?: number;
      id?: string;
      latency_per_step?: number;
      latency_share?: number;
      link?: string;
      name?: string;
      phase?: string;
      protocol?: string;
      scope?: string;
      shape?: Array<number>;
      stage?: number;
      tensor?: string;
      time?: number;
      time_per_step?: number;
      tokens?: number;
      where?: string;
    }>;
  };
  curve?: {
    arrival?: string;
    axis?: string;
    compute_bound_from?: number;
    max_concurrency?: number;
    points?: Array<{
      bound?: string;
      concurrency?: number;
      fits?: boolean;
      per_output_token?: number;
      served?: number;
      tokens_per_second?: number;
      tokens_per_second_per_gpu?: number;
      tokens_per_second_per_user?: number;
    }>;
    requested?: number;
  };
  experts?: {
    all_to_all_bytes?: number;
    busiest_rows?: number;
    ep?: number;
    expert_bytes?: number;
    expert_bytes_read?: number;
    experts?: number;
    /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
    formula?: {
      text: string;
      values: Array<{
        unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
        value: number;
      }>;
    };
    leaving_fraction?: number;
    link?: string;
    local_experts?: number;
    moe_layers?: number;
    routing_imbalance?: number;
    rows?: number;
    rows_per_expert?: number;
    rows_per_touched_expert?: number;
    shared_experts?: number;
    tokens?: number;
    top_k?: number;
    touched_experts?: number;
    touched_fraction?: number;
  };
  flops_per_step?: number;
  hardware?: {
    allocator?: string;
    attention?: {
      backward?: number;
      backward_half?: number;
      forward?: number;
      forward_half?: number;
    };
    effective_flops?: number;
    effective_inter_bandwidth?: number;
    effective_intra_bandwidth?: number;
    efficiencies?: {
      compute?: number;
      compute_fp4?: number;
      compute_fp8?: number;
      hbm?: number;
      inter?: number;
      intra?: number;
      memory_traffic?: number;
    };
    flash_attention?: boolean;
    flash_attention_2?: number;
    flops?: number;
    flops_fp4?: number;
    flops_fp8?: number;
    gpus?: number;
    gpus_per_host?: number;
    gpus_per_node?: number;
    inter_bandwidth?: number;
    intra_bandwidth?: number;
    latency?: number;
    memory?: number;
    memory_bandwidth?: number;
    microscaling?: boolean;
    nccl?: string;
    nics_per_node?: number;
    nodes?: number;
    nvls?: boolean;
    sms?: number;
  };
  hardware_flops_per_step?: number;
  memory?: {
    activations?: number;
    activations_from?: string;
    buffers?: number;
    capacity?: number;
    communicators?: Array<{
      bytes?: number;
      group?: string;
      nvls?: number;
      nvls_heads?: number;
      ranks?: number;
    }>;
    context?: number;
    device?: number;
    fits?: boolean;
    formulas?: {
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      activations?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      buffers?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      context?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      device?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      gradients?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      kv_cache?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      kv_cache_per_token?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      max_concurrency?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      nccl?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      optimizer?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      parameters?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      required?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      reserve?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      reserved?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      userbuffers?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      weights?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      workspaces?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
    };
    gradients?: number;
    headroom?: number;
    kv_cache?: number;
    kv_cache_per_sequence?: number;
    kv_cache_per_token?: number;
    kv_cache_per_token_device?: number;
    loss?: string;
    max_concurrency?: number;
    mean_expert_rank?: {
      activations?: number;
      buffers?: number;
      context?: number;
      device?: number;
      fits?: boolean;
      gradients?: number;
      headroom?: number;
      nccl?: number;
      optimizer?: number;
      parameters?: number;
      peak_allocated?: number;
      required?: number;
      reserve?: number;
      reserved?: number;
      stage?: number;
      stream_pools?: number;
      total?: number;
      userbuffers?: number;
      workspaces?: number;
    };
    nccl?: number;
    optimizer?: number;
    parameters?: number;
    peak_allocated?: number;
    required?: number;
    reserve?: number;
    reserved?: number;
    sequences_per_device?: number;
    stream_pools?: number;
    tokens_per_sequence?: number;
    total?: number;
    userbuffers?: number;
    weights?: number;
    weights_per_instance?: number;
    workspaces?: number;
  };
  mode?: string;
  model?: {
    attention_sinks?: boolean;
    bias?: boolean;
    dense_layers?: number;
    dropout?: boolean;
    embedding_parameters?: number;
    expert_ffn?: number;
    experts?: number;
    ffn?: number;
    full_every?: number;
    head_dim?: number;
    heads?: number;
    hidden?: number;
    kv_heads?: number;
    kv_lora_rank?: number;
    layers?: number;
    mlp?: string;
    moe_every?: number;
    mtp_layers?: number;
    norm?: string;
    parameters?: number;
    parameters_per_layer?: number;
    position?: string;
    q_lora_rank?: number;
    qk_nope_head_dim?: number;
    qk_norm?: boolean;
    qk_rope_head_dim?: number;
    router_bias?: boolean;
    seq?: number;
    shared_expert_ffn?: number;
    shared_experts?: number;
    tied_embeddings?: boolean;
    top_k?: number;
    v_head_dim?: number;
    vocab?: number;
    window?: number;
  };
  parallel?: {
    attention_kernel?: string;
    backward_prefetch?: string;
    cp?: number;
    cp_attention?: string;
    decode_replicas?: number;
    dp?: number;
    dp_shard?: number;
    embedding_as_layer?: boolean;
    ep?: number;
    etp?: number;
    first_stage_layers?: number;
    flash_attention?: boolean;
    fp8_param_gather?: boolean;
    framework?: string;
    gpus_per_replica?: number;
    kernels?: string;
    last_stage_layers?: number;
    loss?: string;
    loss_as_layer?: boolean;
    master_weights?: string;
    optimizer_dtype?: string;
    optimizer_kernel?: string;
    order?: string;
    overlap?: boolean;
    pp?: number;
    precision?: string;
    recompute?: string;
    recompute_method?: string;
    recompute_modules?: Array<string>;
    recompute_num_layers?: number;
    reduce_dtype?: string;
    routing_imbalance?: number;
    schedule?: string;
    sequence_parallel?: boolean;
    tp?: number;
    tp_overlap?: boolean;
    virtual_stages?: number;
    zero?: number;
  };
  parameters?: number;
  pipeline?: {
    blocks?: {
      key?: string;
      known?: boolean;
      makespan?: number;
      omitted?: boolean;
      stages?: Array<{
        chunk?: Array<number>;
        duration?: Array<number>;
        microbatch?: Array<number>;
        pass?: string;
        start?: Array<number>;
      }>;
      unit?: string;
      unit_seconds?: number;
    };
    bubble_fraction?: number;
    microbatches?: number;
    schedule?: string;
    stages?: number;
    timed_stage?: number;
    virtual_stages?: number;
  };
  placement?: {
    dimensions?: Array<{
      name?: string;
      size?: number;
      stride?: number;
    }>;
    domains?: number;
    focus?: number;
    /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
    formula?: {
      text: string;
      values: Array<{
        unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
        value: number;
      }>;
    };
    gpus?: number;
    gpus_per_domain?: number;
    gpus_per_host?: number;
    groups?: {
      CP?: Array<{
        link?: string;
        ranks?: Array<number>;
      }>;
      DP?: Array<{
        link?: string;
        ranks?: Array<number>;
      }>;
      EP?: Array<{
        link?: string;
        ranks?: Array<number>;
      }>;
      PP?: Array<{
        link?: string;
        ranks?: Array<number>;
      }>;
      TP?: Array<{
        link?: string;
        ranks?: Array<number>;
      }>;
    };
    hosts?: number;
    kinds?: {
      CP?: {
        by_link?: Array<{
          count?: number;
          link?: string;
        }>;
        bytes_per_step?: number;
        collectives?: Array<{
          algorithm?: string;
          bytes_per_call?: number;
          bytes_per_step?: number;
          collective?: string;
          exposed_time_per_step?: number;
          group_size?: number;
          id?: string;
          link?: string;
          name?: string;
          protocol?: string;
          time_per_step?: number;
        }>;
        count?: number;
        domains?: number;
        focus?: {
          hosts?: Array<{
            domain?: number;
            members?: number;
            node?: number;
          }>;
          hosts_total?: number;
          index?: number;
          link?: string;
          ranks?: Array<number>;
        };
        link?: string;
        size?: number;
        walked?: number;
      };
      DP?: {
        by_link?: Array<{
          count?: number;
          link?: string;
        }>;
        bytes_per_step?: number;
        collectives?: Array<{
          algorithm?: string;
          bytes_per_call?: number;
          bytes_per_step?: number;
          collective?: string;
          exposed_time_per_step?: number;
          group_size?: number;
          id?: string;
          link?: string;
          name?: string;
          protocol?: string;
          time_per_step?: number;
        }>;
        count?: number;
        domains?: number;
        focus?: {
          hosts?: Array<{
            domain?: number;
            members?: number;
            node?: number;
          }>;
          hosts_total?: number;
          index?: number;
          link?: string;
          ranks?: Array<number>;
        };
        link?: string;
        replicas?: {
          domains?: number;
          link?: string;
          size?: number;
        };
        size?: number;
        walked?: number;
      };
      EP?: {
        by_link?: Array<{
          count?: number;
          link?: string;
        }>;
        bytes_per_step?: number;
        collectives?: Array<{
          algorithm?: string;
          bytes_per_call?: number;
          bytes_per_step?: number;
          collective?: string;
          exposed_time_per_step?: number;
          group_size?: number;
          id?: string;
          link?: string;
          name?: string;
          protocol?: string;
          time_per_step?: number;
        }>;
        count?: number;
        domains?: number;
        focus?: {
          hosts?: Array<{
            domain?: number;
            members?: number;
            node?: number;
          }>;
          hosts_total?: number;
          index?: number;
          link?: string;
          ranks?: Array<number>;
        };
        link?: string;
        size?: number;
        walked?: number;
      };
      PP?: {
        by_link?: Array<{
          count?: number;
          link?: string;
        }>;
        bytes_per_step?: number;
        collectives?: Array<{
          algorithm?: string;
          bytes_per_call?: number;
          bytes_per_step?: number;
          collective?: string;
          exposed_time_per_step?: number;
          group_size?: number;
          id?: string;
          link?: string;
          name?: string;
          protocol?: string;
          time_per_step?: number;
        }>;
        count?: number;
        domains?: number;
        focus?: {
          hosts?: Array<{
            domain?: number;
            members?: number;
            node?: number;
          }>;
          hosts_total?: number;
          index?: number;
          link?: string;
          ranks?: Array<number>;
        };
        link?: string;
        size?: number;
        walked?: number;
      };
      TP?: {
        by_link?: Array<{
          count?: number;
          link?: string;
        }>;
        bytes_per_step?: number;
        collectives?: Array<{
          algorithm?: string;
          bytes_per_call?: number;
          bytes_per_step?: number;
          collective?: string;
          exposed_time_per_step?: number;
          group_size?: number;
          id?: string;
          link?: string;
          name?: string;
          protocol?: string;
          time_per_step?: number;
        }>;
        count?: number;
        domains?: number;
        focus?: {
          hosts?: Array<{
            domain?: number;
            members?: number;
            node?: number;
          }>;
          hosts_total?: number;
          index?: number;
          link?: string;
          ranks?: Array<number>;
        };
        link?: string;
        size?: number;
        walked?: number;
      };
    };
    limit?: number;
    listed?: boolean;
    order?: string;
    ranks?: Array<{
      cp?: number;
      domain?: number;
      dp?: number;
      edp?: number;
      ep?: number;
      etp?: number;
      node?: number;
      pp?: number;
      rank?: number;
      tp?: number;
    }>;
    rule?: string;
    scope?: string;
  };
  published?: {
    also?: Array<{
      error?: number;
      id?: string;
      name?: string;
      set?: string;
      source?: string;
      step?: number;
      url?: string;
      where?: string;
    }>;
    error?: number;
    id?: string;
    name?: string;
    set?: string;
    source?: string;
    step?: number;
    url?: string;
    where?: string;
  };
  queue?: {
    arrival_rate?: number;
    capacity?: number;
    capped?: boolean;
    cohort_size?: number;
    cohort_wait?: number;
    cohorts?: number;
    cycle?: number;
    held?: boolean;
    in_flight?: number;
    last_wave?: number;
    limit?: string;
    longest?: number;
    makespan?: number;
    open_stream?: boolean;
    prefill_busy?: number;
    prefill_paced?: boolean;
    prompts_per_pass?: number;
    requested?: number;
    requests?: number;
    round_prefill?: number;
    running_limit?: number;
    saturated?: boolean;
    served?: number;
    token_budget?: number;
    uncapped_stream?: boolean;
    wait?: number;
    waiting?: number;
    waves?: number;
  };
  scaling?: {
    hold?: string;
    holds?: string;
    points?: Array<{
      accumulation?: number;
      baseline?: boolean;
      bubble?: number;
      communication?: {
        CP?: number;
        DP?: number;
        EP?: number;
        PP?: number;
        TP?: number;
      };
      compute?: number;
      current?: boolean;
      dp?: number;
      efficiency?: number;
      exposed_communication?: number;
      fits?: boolean;
      gpus?: number;
      ideal_step?: number;
      measured?: {
        error?: number;
        id?: string;
        name?: string;
        set?: string;
        source?: string;
        step?: number;
        url?: string;
        where?: string;
      };
      mfu?: number;
      micro?: number;
      optimizer?: number;
      perfect_step?: number;
      speedup?: number;
      step?: number;
      waiting?: number;
      waiting_share?: number;
    }>;
    summary?: null | {
      efficiency?: number;
      from_gpus?: number;
      grew?: Array<string>;
      perfect_speedup?: number;
      speedup?: number;
      to_gpus?: number;
      waiting_share_from?: number;
      waiting_share_to?: number;
    };
  };
  scope?: Array<string>;
  serving?: {
    arrival?: string;
    bandwidth_fraction?: number;
    block?: number;
    cached_prompt?: number;
    capped?: boolean;
    concurrency?: number;
    disaggregated?: boolean;
    engine?: string;
    expert_weight_bandwidth_fraction?: number;
    expert_weights?: string;
    group_size?: number;
    host_overhead?: number;
    kv?: string;
    lengths?: string;
    output?: number;
    output_max?: number;
    overlap_scheduler?: boolean;
    prompt?: number;
    request_rate?: number;
    requests?: number;
    runtime?: string;
    runtime_label?: string;
    runtime_version?: string;
    token_budget?: number;
    weight_bandwidth_fraction?: number;
    weights?: string;
  };
  stages?: Array<{
    attention_per_microbatch?: number;
    compute_per_microbatch?: number;
    copies_per_microbatch?: number;
    devices?: number;
    embedding?: boolean;
    first_layer?: number;
    formulas?: {
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      kv_cache?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      total?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      weights?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
    };
    gemm_efficiency?: number;
    head?: boolean;
    index?: number;
    inflight_microbatches?: number;
    kv_heads_per_device?: number;
    layers?: number;
    memory?: {
      activations?: number;
      buffers?: number;
      capacity?: number;
      context?: number;
      device?: number;
      fits?: boolean;
      free?: number;
      gradients?: number;
      headroom?: number;
      kv_cache?: number;
      kv_cache_per_sequence?: number;
      kv_cache_per_token?: number;
      max_sequences?: number;
      nccl?: number;
      optimizer?: number;
      parameters?: number;
      peak_allocated?: number;
      required?: number;
      reserve?: number;
      reserved?: number;
      sequences?: number;
      stream_pools?: number;
      total?: number;
      userbuffers?: number;
      weights?: number;
      workspaces?: number;
    };
    memory_bound_per_microbatch?: number;
    parameters?: number;
    unfused_per_microbatch?: number;
  }>;
  throughput?: {
    compute_bound_from?: number;
    formulas?: {
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      hfu?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      mfu?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      model_flops_per_gpu?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      tokens_per_second?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      tokens_per_second_per_gpu?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      tokens_per_second_per_user?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
    };
    hfu?: number;
    ideal?: {
      mfu?: number;
      tokens_per_second?: number;
    };
    mfu?: number;
    model_flops_per_gpu?: number;
    prefill_limited?: boolean;
    tokens_per_second?: number;
    tokens_per_second_per_gpu?: number;
    tokens_per_second_per_replica?: number;
    tokens_per_second_per_user?: number;
  };
  time?: {
    bubble?: number;
    communication?: {
      CP?: number;
      DP?: number;
      EP?: number;
      PP?: number;
      TP?: number;
    };
    compute?: number;
    decode?: {
      allreduce?: string;
      allreduce_label?: string;
      bound?: string;
      communication?: number;
      compute_time?: number;
      experts_time?: number;
      gemm_time?: number;
      host_overhead?: number;
      kernel_floor?: number;
      kv_bytes?: number;
      memory_time?: number;
      weight_bytes?: number;
    };
    decode_step?: number;
    first_token?: number;
    first_token_parts?: {
      communication?: number;
      first_step?: number;
      host_overhead?: number;
      kernel_floor?: number;
      kv_handoff?: number;
      launch_bound?: number;
      prefill?: number;
      queue?: number;
      under_load?: number;
    };
    formulas?: {
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      bubble?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      communication?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      compute?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      decode_step?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      first_token?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      host_overhead?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      optimizer?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      per_output_token?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      request?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
      /** A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in the unit given (fraction: 0–1, shown as a percentage; 1: a plain number). */
      step?: {
        text: string;
        values: Array<{
          unit: "1" | "s" | "B" | "B/s" | "FLOP" | "FLOP/s" | "fraction" | "tokens/s";
          value: number;
        }>;
      };
    };
    hbm_bound?: number;
    ideal?: {
      bubble?: number;
      communication?: number;
      compute?: number;
      gap?: number;
      gap_parts?: {
        bubble?: number;
        communication?: number;
        compute?: number;
        optimizer?: number;
      };
      gap_share?: number;
      meaning?: string;
      mfu?: number;
      optimizer?: number;
      step?: number;
      tokens_per_second?: number;
    };
    kv_handoff?: number;
    optimizer?: number;
    per_output_token?: number;
    prefill?: number;
    prefill_communication?: number;
    prompt_share?: number;
    prompts_per_step?: number;
    request?: number;
    step?: number;
  };
  training?: {
    days?: number;
    megatron_eq4_seconds?: number;
    seconds?: number;
    tokens?: number;
  };
} | {
  error: {
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  };
  errors: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
  warnings?: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
};

/** Seeded batch-accounting exercises, and grading of a response to one. */
export type PracticeRequest = {
  /** ≥ 1, ≤ 1000; default 10 */
  count?: number;
  /** ≥ 0, ≤ 1000000000 */
  index?: number;
  /** ≥ -1000000000000000000, ≤ 1000000000000000000 */
  response?: number;
  /** ≥ 0, ≤ 9007199254740991 */
  seed: number;
  /** ≥ 0, ≤ 1000000000; default 0 */
  start?: number;
};

export type PracticeAnswer = {
  correct?: boolean;
  exercise?: {
    accepted?: {
      max?: number;
      min?: number;
    };
    answer?: number;
    givens?: Array<{
      label?: string;
      name?: string;
      symbol?: string;
      unit?: string;
      value?: number;
    }>;
    id?: string;
    index?: number;
    kind?: string;
    question?: string;
    seed?: number;
    solution?: Array<string>;
    tolerance?: number;
    tolerance_text?: string;
    trap?: string;
    unknown?: {
      label?: string;
      name?: string;
      symbol?: string;
      unit?: string;
    };
  };
  exercises?: Array<{
    accepted?: {
      max?: number;
      min?: number;
    };
    answer?: number;
    givens?: Array<{
      label?: string;
      name?: string;
      symbol?: string;
      unit?: string;
      value?: number;
    }>;
    id?: string;
    index?: number;
    kind?: string;
    question?: string;
    seed?: number;
    solution?: Array<string>;
    tolerance?: number;
    tolerance_text?: string;
    trap?: string;
    unknown?: {
      label?: string;
      name?: string;
      symbol?: string;
      unit?: string;
    };
  }>;
  expected?: number;
  feedback?: string;
  index?: number;
  response?: number;
  score?: {
    max?: number;
    min?: number;
    raw?: number;
    scaled?: number;
  };
  seed?: number;
  start?: number;
} | {
  error: {
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  };
  errors: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
  warnings?: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
};

/** Model, hardware and ring-lab presets with their citations. */
export type PresetsRequest = Record<string, unknown>;

export type PresetsAnswer = {
  efficiencies?: {
    compute?: number;
    compute_fp4?: number;
    compute_fp8?: number;
    hbm?: number;
    inter?: number;
    intra?: number;
    memory_traffic?: number;
  };
  hardware?: Array<{
    citation?: {
      title?: string;
      url?: string;
    };
    hardware?: {
      attention?: {
        backward?: number;
        backward_half?: number;
        forward?: number;
        forward_half?: number;
      };
      efficiencies?: {
        compute?: number;
        compute_fp4?: number;
        compute_fp8?: number;
        hbm?: number;
        inter?: number;
        intra?: number;
        memory_traffic?: number;
      };
      flash_attention?: boolean;
      flash_attention_2?: number;
      flops?: number;
      flops_fp4?: number;
      flops_fp8?: number;
      gpus_per_host?: number;
      gpus_per_node?: number;
      inter_bandwidth?: number;
      intra_bandwidth?: number;
      latency?: number;
      memory?: number;
      memory_bandwidth?: number;
      microscaling?: boolean;
      nics_per_node?: number;
      nvls?: boolean;
      sms?: number;
    };
    id?: string;
    name?: string;
    sources?: {
      attention?: {
        title?: string;
        url?: string;
      };
      compute?: {
        title?: string;
        url?: string;
      };
      compute_fp8?: {
        title?: string;
        url?: string;
      };
      flash_attention_2?: {
        title?: string;
        url?: string;
      };
      flops?: {
        title?: string;
        url?: string;
      };
      flops_fp8?: {
        title?: string;
        url?: string;
      };
      gpus_per_host?: {
        title?: string;
        url?: string;
      };
      gpus_per_node?: {
        title?: string;
        url?: string;
      };
      hbm?: {
        title?: string;
        url?: string;
      };
      inter_bandwidth?: {
        title?: string;
        url?: string;
      };
      intra_bandwidth?: {
        title?: string;
        url?: string;
      };
      memory?: {
        title?: string;
        url?: string;
      };
      memory_bandwidth?: {
        title?: string;
        url?: string;
      };
      nvls?: {
        title?: string;
        url?: string;
      };
    };
  }>;
  models?: Array<{
    citation?: {
      title?: string;
      url?: string;
    };
    id?: string;
    model?: {
      attention_sinks?: boolean;
      bias?: boolean;
      dense_layers?: number;
      dropout?: boolean;
      expert_ffn?: number;
      experts?: number;
      ffn?: number;
      full_every?: number;
      head_dim?: number;
      heads?: number;
      hidden?: number;
      kv_heads?: number;
      kv_lora_rank?: number;
      layers?: number;
      mlp?: string;
      mtp_layers?: number;
      norm?: string;
      position?: string;
      q_lora_rank?: number;
      qk_nope_head_dim?: number;
      qk_norm?: boolean;
      qk_rope_head_dim?: number;
      router_bias?: boolean;
      seq?: number;
      shared_expert_ffn?: number;
      shared_experts?: number;
      tied_embeddings?: boolean;
      top_k?: number;
      v_head_dim?: number;
      vocab?: number;
      window?: number;
    };
    name?: string;
  }>;
  ring?: Array<{
    basis?: string;
    id?: string;
    name?: string;
    ring?: {
      bandwidth?: number;
      latency?: number;
      ranks?: number;
    };
    sources?: Array<{
      title?: string;
      url?: string;
    }>;
  }>;
} | {
  error: {
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  };
  errors: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
  warnings?: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
};

/** Grades an answer to a check question (optionally in a seeded option order). */
export type QuizRequest = {
  /** ≥ 0, ≤ 1000000 */
  answer?: number;
  check: Record<string, unknown>;
  /** ≥ 0, ≤ 9007199254740991 */
  seed?: number;
};

export type QuizAnswer = {
  answer?: number;
  chosen?: string;
  correct?: boolean;
  correct_answer?: number;
  correct_option?: string;
  explanation?: string;
  options?: Array<string>;
  order?: Array<number>;
  original_answer?: number;
  original_correct_answer?: number;
  question?: string;
  score?: {
    max?: number;
    min?: number;
    raw?: number;
    scaled?: number;
  };
  seed?: number;
} | {
  error: {
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  };
  errors: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
  warnings?: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
};

/** For a training plan request with the run's training log excerpt in "log" (Megatron-LM iteration and memory lines, or torchtitan step lines): each quantity both sides have, measured and engine, with the engine's residual, and the parts of the engine's step that could close the gap. */
export type ReconcileRequest = {
  /** at most 262144 characters */
  log: string;
};

export type ReconcileAnswer = {
  compare?: Array<{
    engine?: number;
    measured?: number;
    measured_from?: string;
    quantity?: string;
    residual?: number;
    unit?: string;
  }>;
  gap_seconds?: number;
  log?: {
    format?: string;
    intervals?: number;
    lines?: Array<{
      line?: number;
      what?: string;
    }>;
    note?: string;
    used?: number;
  };
  scope?: string;
  terms?: Array<{
    engine_seconds?: number;
    factor?: number;
    term?: string;
  }>;
} | {
  error: {
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  };
  errors: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
  warnings?: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
};

/** This contract as JSON Schema. */
export type SchemaRequest = {
  /** at most 100 characters */
  command?: string;
  /** default true */
  responses?: boolean;
};

export type SchemaAnswer = Record<string, unknown> | {
  error: {
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  };
  errors: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
  warnings?: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
};

/** Every layout of a GPU count, ranked by step time; counts of what was tried. */
export type SearchRequest = {
  batch: {
    /** ≥ 1, ≤ 10000000 */
    global: number;
  };
  hardware: {
    /** at most 200 characters; default "default" */
    allocator?: "default" | "expandable_segments";
    attention?: {
      /** > 0, ≤ 1 */
      backward: number;
      /** unit: tokens; ≥ 0, ≤ 10000000 */
      backward_half: number;
      /** > 0, ≤ 1 */
      forward: number;
      /** unit: tokens; ≥ 0, ≤ 10000000 */
      forward_half: number;
    };
    efficiencies?: {
      /** > 0, ≤ 1; default 0.8 */
      compute?: number;
      /** > 0, ≤ 1; default 0 */
      compute_fp4?: number;
      /** > 0, ≤ 1; default 0 */
      compute_fp8?: number;
      /** > 0, ≤ 1; default 0 */
      hbm?: number;
      /** > 0, ≤ 1; default 0.9 */
      inter?: number;
      /** > 0, ≤ 1; default 0.8 */
      intra?: number;
      /** ≥ 0, ≤ 100; default 12 */
      memory_traffic?: number;
    };
    /** default false */
    flash_attention?: boolean;
    /** ≥ 0, ≤ 1; default 0 */
    flash_attention_2?: number;
    /** unit: FLOP/s; ≥ 1000000000, ≤ 1000000000000000000 */
    flops?: number;
    /** unit: FLOP/s; ≥ 0, ≤ 1000000000000000000; default 0 */
    flops_fp4?: number;
    /** unit: FLOP/s; ≥ 0, ≤ 1000000000000000000; default 0 */
    flops_fp8?: number;
    /** ≥ 1, ≤ 10000000; default 8 */
    gpus?: number;
    /** unit: GPUs; ≥ 0, ≤ 10000; default 0 */
    gpus_per_host?: number;
    /** ≥ 1, ≤ 10000 */
    gpus_per_node?: number;
    /** unit: B/s; ≥ 1000000, ≤ 1000000000000000 */
    inter_bandwidth?: number;
    /** unit: B/s; ≥ 1000000, ≤ 1000000000000000 */
    intra_bandwidth?: number;
    /** ≥ 0, ≤ 1 */
    latency?: number;
    /** unit: B; ≥ 1000000, ≤ 1000000000000000 */
    memory?: number;
    /** unit: B/s; ≥ 1000000, ≤ 1000000000000000 */
    memory_bandwidth?: number;
    /** default false */
    microscaling?: boolean;
    /** at most 20 characters; default "2.27" */
    nccl?: string;
    /** ≥ 0, ≤ 10000; default 0 */
    nics_per_node?: number;
    /** default false */
    nvls?: boolean;
    /** at most 100 characters */
    preset: string;
    /** ≥ 0, ≤ 100000; default 0 */
    sms?: number;
  } | {
    /** at most 200 characters; default "default" */
    allocator?: "default" | "expandable_segments";
    attention?: {
      /** > 0, ≤ 1 */
      backward: number;
      /** unit: tokens; ≥ 0, ≤ 10000000 */
      backward_half: number;
      /** > 0, ≤ 1 */
      forward: number;
      /** unit: tokens; ≥ 0, ≤ 10000000 */
      forward_half: number;
    };
    efficiencies?: {
      /** > 0, ≤ 1; default 0.8 */
      compute?: number;
      /** > 0, ≤ 1; default 0 */
      compute_fp4?: number;
      /** > 0, ≤ 1; default 0 */
      compute_fp8?: number;
      /** > 0, ≤ 1; default 0 */
      hbm?: number;
      /** > 0, ≤ 1; default 0.9 */
      inter?: number;
      /** > 0, ≤ 1; default 0.8 */
      intra?: number;
      /** ≥ 0, ≤ 100; default 12 */
      memory_traffic?: number;
    };
    /** default false */
    flash_attention?: boolean;
    /** ≥ 0, ≤ 1; default 0 */
    flash_attention_2?: number;
    /** unit: FLOP/s; ≥ 1000000000, ≤ 1000000000000000000 */
    flops: number;
    /** unit: FLOP/s; ≥ 0, ≤ 1000000000000000000; default 0 */
    flops_fp4?: number;
    /** unit: FLOP/s; ≥ 0, ≤ 1000000000000000000; default 0 */
    flops_fp8?: number;
    /** ≥ 1, ≤ 10000000; default 8 */
    gpus?: number;
    /** unit: GPUs; ≥ 0, ≤ 10000; default 0 */
    gpus_per_host?: number;
    /** ≥ 1, ≤ 10000 */
    gpus_per_node: number;
    /** unit: B/s; ≥ 1000000, ≤ 1000000000000000 */
    inter_bandwidth: number;
    /** unit: B/s; ≥ 1000000, ≤ 1000000000000000 */
    intra_bandwidth: number;
    /** ≥ 0, ≤ 1 */
    latency: number;
    /** unit: B; ≥ 1000000, ≤ 1000000000000000 */
    memory: number;
    /** unit: B/s; ≥ 1000000, ≤ 1000000000000000 */
    memory_bandwidth: number;
    /** default false */
    microscaling?: boolean;
    /** at most 20 characters; default "2.27" */
    nccl?: string;
    /** ≥ 0, ≤ 10000; default 0 */
    nics_per_node?: number;
    /** default false */
    nvls?: boolean;
    /** at most 100 characters */
    preset: string;
    /** ≥ 0, ≤ 100000; default 0 */
    sms?: number;
  };
  /** unit: s; > 0, ≤ 3600; default 1e+300 */
  latency_limit?: number;
  limits?: {
    /** ≥ 1, ≤ 1000000000; default 1073741824 */
    max_cp?: number;
    /** ≥ 1, ≤ 1000000000; default 1073741824 */
    max_ep?: number;
    /** ≥ 1, ≤ 1000000000; default 1073741824 */
    max_micro?: number;
    /** ≥ 1, ≤ 1000000000; default 1073741824 */
    max_pp?: number;
    /** ≥ 1, ≤ 1000000000; default 1073741824 */
    max_tp?: number;
    /** ≥ 1, ≤ 1000000000; default 1073741824 */
    max_virtual_stages?: number;
  };
  /** at most 200 characters; default "training" */
  mode?: "training" | "inference";
  model: {
    /** default false */
    attention_sinks?: boolean;
    /** default true */
    bias?: boolean;
    /** unit: layers; ≥ 0, ≤ 10000; default 0 */
    dense_layers?: number;
    /** default true */
    dropout?: boolean;
    /** ≥ 1, ≤ 10000000; default 14336 */
    expert_ffn?: number;
    /** ≥ 1, ≤ 10000; default 1 */
    experts?: number;
    /** ≥ 1, ≤ 10000000; default 16384 */
    ffn?: number;
    /** unit: layers; ≥ 0, ≤ 10000; default 0 */
    full_every?: number;
    /** ≥ 0, ≤ 100000; default 0 */
    head_dim?: number;
    /** ≥ 1, ≤ 100000 */
    heads?: number;
    /** ≥ 1, ≤ 1000000 */
    hidden?: number;
    /** ≥ 1, ≤ 100000; default 32 */
    kv_heads?: number;
    /** ≥ 0, ≤ 1000000; default 0 */
    kv_lora_rank?: number;
    /** ≥ 1, ≤ 10000 */
    layers?: number;
    /** at most 200 characters; default "gelu" */
    mlp?: "gelu" | "swiglu";
    /** unit: layers; ≥ 1, ≤ 10000; default 1 */
    moe_every?: number;
    /** unit: modules; ≥ 0, ≤ 100; default 0 */
    mtp_layers?: number;
    /** at most 200 characters; default "layernorm" */
    norm?: "layernorm" | "rmsnorm";
    /** at most 200 characters; default "learned" */
    position?: "learned" | "rotary";
    /** at most 100 characters */
    preset: string;
    /** ≥ 0, ≤ 1000000; default 0 */
    q_lora_rank?: number;
    /** ≥ 0, ≤ 1000000; default 0 */
    qk_nope_head_dim?: number;
    /** default false */
    qk_norm?: boolean;
    /** ≥ 0, ≤ 1000000; default 0 */
    qk_rope_head_dim?: number;
    /** default false */
    qkv_bias?: boolean;
    /** default false */
    router_bias?: boolean;
    /** ≥ 1, ≤ 100000000 */
    seq?: number;
    /** ≥ 1, ≤ 10000000; default 14336 */
    shared_expert_ffn?: number;
    /** ≥ 0, ≤ 10000; default 0 */
    shared_experts?: number;
    /** default true */
    tied_embeddings?: boolean;
    /** ≥ 1, ≤ 10000; default 1 */
    top_k?: number;
    /** ≥ 0, ≤ 1000000; default 0 */
    v_head_dim?: number;
    /** ≥ 1, ≤ 100000000 */
    vocab?: number;
    /** unit: tokens; ≥ 0, ≤ 100000000; default 0 */
    window?: number;
  } | {
    /** default false */
    attention_sinks?: boolean;
    /** default true */
    bias?: boolean;
    /** unit: layers; ≥ 0, ≤ 10000; default 0 */
    dense_layers?: number;
    /** default true */
    dropout?: boolean;
    /** ≥ 1, ≤ 10000000; default 14336 */
    expert_ffn?: number;
    /** ≥ 1, ≤ 10000; default 1 */
    experts?: number;
    /** ≥ 1, ≤ 10000000; default 16384 */
    ffn?: number;
    /** unit: layers; ≥ 0, ≤ 10000; default 0 */
    full_every?: number;
    /** ≥ 0, ≤ 100000; default 0 */
    head_dim?: number;
    /** ≥ 1, ≤ 100000 */
    heads: number;
    /** ≥ 1, ≤ 1000000 */
    hidden: number;
    /** ≥ 1, ≤ 100000; default 32 */
    kv_heads?: number;
    /** ≥ 0, ≤ 1000000; default 0 */
    kv_lora_rank?: number;
    /** ≥ 1, ≤ 10000 */
    layers: number;
    /** at most 200 characters; default "gelu" */
    mlp?: "gelu" | "swiglu";
    /** unit: layers; ≥ 1, ≤ 10000; default 1 */
    moe_every?: number;
    /** unit: modules; ≥ 0, ≤ 100; default 0 */
    mtp_layers?: number;
    /** at most 200 characters; default "layernorm" */
    norm?: "layernorm" | "rmsnorm";
    /** at most 200 characters; default "learned" */
    position?: "learned" | "rotary";
    /** at most 100 characters */
    preset: string;
    /** ≥ 0, ≤ 1000000; default 0 */
    q_lora_rank?: number;
    /** ≥ 0, ≤ 1000000; default 0 */
    qk_nope_head_dim?: number;
    /** default false */
    qk_norm?: boolean;
    /** ≥ 0, ≤ 1000000; default 0 */
    qk_rope_head_dim?: number;
    /** default false */
    qkv_bias?: boolean;
    /** default false */
    router_bias?: boolean;
    /** ≥ 1, ≤ 100000000 */
    seq: number;
    /** ≥ 1, ≤ 10000000; default 14336 */
    shared_expert_ffn?: number;
    /** ≥ 0, ≤ 10000; default 0 */
    shared_experts?: number;
    /** default true */
    tied_embeddings?: boolean;
    /** ≥ 1, ≤ 10000; default 1 */
    top_k?: number;
    /** ≥ 0, ≤ 1000000; default 0 */
    v_head_dim?: number;
    /** ≥ 1, ≤ 100000000 */
    vocab: number;
    /** unit: tokens; ≥ 0, ≤ 100000000; default 0 */
    window?: number;
  };
  /** at most 200 characters; default "latency" */
  objective?: "latency" | "throughput";
  serving?: {
    /** at most 200 characters; default "closed_loop" */
    arrival?: "closed_loop" | "all_at_once" | "poisson";
    bandwidth_fraction?: unknown;
    block?: unknown;
    /** unit: tokens; ≥ 0, ≤ 100000000; default 0 */
    cached_prompt?: number;
    /** unit: sequences; ≥ 1, ≤ 10000000; default 16 */
    concurrency?: number;
    /** default false */
    disaggregated?: boolean;
    expert_weights?: unknown;
    /** unit: weights; ≥ 0, ≤ 1000000; default 0 */
    group_size?: number;
    host_overhead?: unknown;
    /** at most 200 characters; default "bf16" */
    kv?: "bf16" | "fp8";
    /** at most 200 characters; default "fixed" */
    lengths?: "fixed" | "dataset";
    /** unit: tokens; ≥ 1, ≤ 100000000; default 256 */
    output?: number;
    /** unit: tokens; ≥ 0, ≤ 100000000; default 0 */
    output_max?: number;
    /** unit: tokens; ≥ 1, ≤ 100000000; default 2048 */
    prompt?: number;
    request_rate?: unknown;
    /** unit: requests; ≥ 0, ≤ 1000000000; default 0 */
    requests?: number;
    /** at most 200 characters; default "ideal" */
    runtime?: "ideal" | "vllm" | "sglang" | "trtllm" | "lmdeploy" | "gpt-fast";
    /** at most 64 characters; default "" */
    runtime_version?: string;
    /** unit: tokens; ≥ 0, ≤ 10000000; default 0 */
    token_budget?: number;
    /** at most 200 characters; default "bf16" */
    weights?: "bf16" | "fp8" | "int8" | "int4" | "mxfp4" | "nvfp4";
  };
  /** ≥ 1, ≤ 100; default 10 */
  top?: number;
};

export type SearchAnswer = {
  counts?: {
    evaluated?: number;
    fits?: number;
    invalid?: number;
    out_of_memory?: number;
    too_slow?: number;
  };
  elapsed_note?: string;
  mode?: string;
  objective?: string;
  serving?: {
    arrival?: string;
    bandwidth_fraction?: number;
    block?: number;
    cached_prompt?: number;
    capped?: boolean;
    concurrency?: number;
    disaggregated?: boolean;
    engine?: string;
    expert_weight_bandwidth_fraction?: number;
    expert_weights?: string;
    group_size?: number;
    host_overhead?: number;
    kv?: string;
    lengths?: string;
    output?: number;
    output_max?: number;
    overlap_scheduler?: boolean;
    prompt?: number;
    request_rate?: number;
    requests?: number;
    runtime?: string;
    runtime_label?: string;
    runtime_version?: string;
    token_budget?: number;
    weight_bandwidth_fraction?: number;
    weights?: string;
  };
  top?: Array<{
    batch?: {
      accumulation?: number;
      dp?: number;
      equation?: string;
      global?: number;
      micro?: number;
      tokens_per_step?: number;
    };
    memory?: {
      activations?: number;
      activations_from?: string;
      buffers?: number;
      capacity?: number;
      context?: number;
      device?: number;
      fits?: boolean;
      gradients?: number;
      headroom?: number;
      kv_cache?: number;
      kv_cache_per_sequence?: number;
      kv_cache_per_token?: number;
      kv_cache_per_token_device?: number;
      max_concurrency?: number;
      nccl?: number;
      optimizer?: number;
      parameters?: number;
      peak_allocated?: number;
      required?: number;
      reserve?: number;
      reserved?: number;
      sequences_per_device?: number;
      stream_pools?: number;
      tokens_per_sequence?: number;
      total?: number;
      userbuffers?: number;
      weights?: number;
      weights_per_instance?: number;
      workspaces?: number;
    };
    parallel?: {
      attention_kernel?: string;
      backward_prefetch?: string;
      cp?: number;
      cp_attention?: string;
      decode_replicas?: number;
      dp?: number;
      dp_shard?: number;
      embedding_as_layer?: boolean;
      ep?: number;
      first_stage_layers?: number;
      flash_attention?: boolean;
      framework?: string;
      gpus_per_replica?: number;
      kernels?: string;
      last_stage_layers?: number;
      loss?: string;
      loss_as_layer?: boolean;
      master_weights?: string;
      optimizer_dtype?: string;
      optimizer_kernel?: string;
      order?: string;
      overlap?: boolean;
      pp?: number;
      precision?: string;
      recompute?: string;
      reduce_dtype?: string;
      routing_imbalance?: number;
      schedule?: string;
      sequence_parallel?: boolean;
      tp?: number;
      tp_overlap?: boolean;
      virtual_stages?: number;
      zero?: number;
    };
    pipeline?: {
      bubble_fraction?: number;
      microbatches?: number;
      stages?: number;
      virtual_stages?: number;
    };
    queue?: {
      arrival_rate?: number;
      capacity?: number;
      capped?: boolean;
      cohort_size?: number;
      cohort_wait?: number;
      cohorts?: number;
      cycle?: number;
      held?: boolean;
      in_flight?: number;
      last_wave?: number;
      limit?: string;
      longest?: number;
      makespan?: number;
      open_stream?: boolean;
      prefill_busy?: number;
      prefill_paced?: boolean;
      prompts_per_pass?: number;
      requested?: number;
      requests?: number;
      round_prefill?: number;
      running_limit?: number;
      saturated?: boolean;
      served?: number;
      token_budget?: number;
      uncapped_stream?: boolean;
      wait?: number;
      waiting?: number;
      waves?: number;
    };
    throughput?: {
      hfu?: number;
      mfu?: number;
      model_flops_per_gpu?: number;
      prefill_limited?: boolean;
      tokens_per_second?: number;
      tokens_per_second_per_gpu?: number;
      tokens_per_second_per_replica?: number;
      tokens_per_second_per_user?: number;
    };
    time?: {
      bubble?: number;
      communication?: {
        CP?: number;
        DP?: number;
        EP?: number;
        PP?: number;
        TP?: number;
      };
      compute?: number;
      decode?: {
        allreduce?: string;
        allreduce_label?: string;
        bound?: string;
        communication?: number;
        compute_time?: number;
        experts_time?: number;
        gemm_time?: number;
        host_overhead?: number;
        kernel_floor?: number;
        kv_bytes?: number;
        memory_time?: number;
        weight_bytes?: number;
      };
      decode_step?: number;
      first_token?: number;
      first_token_parts?: {
        communication?: number;
        first_step?: number;
        host_overhead?: number;
        kernel_floor?: number;
        kv_handoff?: number;
        launch_bound?: number;
        prefill?: number;
        queue?: number;
        under_load?: number;
      };
      hbm_bound?: number;
      kv_handoff?: number;
      optimizer?: number;
      per_output_token?: number;
      prefill?: number;
      prefill_communication?: number;
      prompt_share?: number;
      prompts_per_step?: number;
      request?: number;
      step?: number;
    };
  }>;
} | {
  error: {
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  };
  errors: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
  warnings?: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
};

/** Checks an atlas entry and returns it normalized, or every problem with its path. */
export type ValidateRequest = {
  /** at most 300 characters */
  branch: string;
  check: Record<string, unknown>;
  deepLabId?: unknown;
  /** at most 5000 characters */
  description: string;
  engineeringExample?: unknown;
  evidenceNotes?: unknown;
  history?: Array<unknown>;
  /** at most 100 characters */
  id: string;
  interfaces: Array<unknown>;
  investigationId?: unknown;
  /** at most 300 characters */
  kind: string;
  labId?: unknown;
  labScope?: unknown;
  /** at most 5000 characters */
  learningObjective: string;
  /** at most 300 characters */
  level: string;
  mechanism: Array<unknown>;
  /** at most 5000 characters */
  misconception: string;
  /** at most 300 characters */
  name: string;
  prerequisites?: Array<unknown>;
  related?: Array<unknown>;
  /** at most 5000 characters */
  role: string;
  /** at most 300 characters */
  scale: string;
  science?: Array<unknown>;
  scope?: unknown;
  /** at most 300 characters */
  shortName: string;
  sources: Array<unknown>;
  specs: Array<unknown>;
  /** at most 300 characters */
  subbranch: string;
  /** at most 5000 characters */
  tradeoff: string;
  /** at most 300 characters */
  visualFamily: string;
  /** at most 5000 characters */
  whyAI: string;
};

export type ValidateAnswer = Record<string, unknown> | {
  error: {
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  };
  errors: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
  warnings?: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
};

/** The engine's name, version, contract number, commands and units. */
export type VersionRequest = Record<string, unknown>;

export type VersionAnswer = {
  commands?: Array<string>;
  contract?: number;
  engine?: string;
  module?: string;
  modules?: {
    core?: Array<string>;
    planner?: Array<string>;
    quiz?: Array<string>;
  };
  units?: {
    bandwidth?: string;
    bytes?: string;
    compute?: string;
    time?: string;
  };
  version?: string;
} | {
  error: {
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  };
  errors: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
  warnings?: Array<{
    code: string;
    message: string;
    /** JSON pointer into the request */
    path: string;
  }>;
};

/** Request type of each command, by the name the engine answers to. */
export interface Requests {
  allreduce: AllreduceRequest;
  batch: BatchRequest;
  collective: CollectiveRequest;
  "dp-network": DpNetworkRequest;
  export: ExportRequest;
  fidelity: FidelityRequest;
  import: ImportRequest;
  "nccl-tests": NcclTestsRequest;
  plan: PlanRequest;
  practice: PracticeRequest;
  presets: PresetsRequest;
  quiz: QuizRequest;
  reconcile: ReconcileRequest;
  schema: SchemaRequest;
  search: SearchRequest;
  validate: ValidateRequest;
  version: VersionRequest;
}

/** Response type of each command (the success shape or the error shape). */
export interface Answers {
  allreduce: AllreduceAnswer;
  batch: BatchAnswer;
  collective: CollectiveAnswer;
  "dp-network": DpNetworkAnswer;
  export: ExportAnswer;
  fidelity: FidelityAnswer;
  import: ImportAnswer;
  "nccl-tests": NcclTestsAnswer;
  plan: PlanAnswer;
  practice: PracticeAnswer;
  presets: PresetsAnswer;
  quiz: QuizAnswer;
  reconcile: ReconcileAnswer;
  schema: SchemaAnswer;
  search: SearchAnswer;
  validate: ValidateAnswer;
  version: VersionAnswer;
}

export type ContractCommand = keyof Requests;
