# Generated from roster.json by capeval.schemas.build; do not edit.
# source-sha256: 5ffb708120e64fb9e93f09c7763b982fb15a317d19f0abebb38551047127ba78


def JsonSchemaValueException(*args, **kwargs):
    # fastjsonschema's own exception, imported only when a record fails
    from fastjsonschema import JsonSchemaValueException as exception

    return exception(*args, **kwargs)


VERSION = "2.22.3"
import re


REGEX_PATTERNS_validate = {
    '^x-': re.compile('^x-')
}

NoneType = type(None)

def validate_https___capeval_invalid_schemas_roster_v1_json(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/roster-v1.json', 'title': 'Reviewer roster entry', 'description': 'One reviewer of a run: role, qualifications, independence, conflicts, assignments (absent assignments = every case) and the profiles the reviewer is qualified for (absent = every profile; cap-assign matches them). Keys starting with x- are the extension point.', 'type': 'object', 'required': ['reviewer_id', 'role', 'qualifications', 'independent'], 'properties': {'reviewer_id': {'type': 'string', 'minLength': 1}, 'role': {'type': 'string', 'minLength': 1}, 'qualifications': {'type': 'string'}, 'independent': {'type': 'boolean'}, 'conflicts': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, 'assignments': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, 'profiles': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['reviewer_id', 'role', 'qualifications', 'independent']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/roster-v1.json', 'title': 'Reviewer roster entry', 'description': 'One reviewer of a run: role, qualifications, independence, conflicts, assignments (absent assignments = every case) and the profiles the reviewer is qualified for (absent = every profile; cap-assign matches them). Keys starting with x- are the extension point.', 'type': 'object', 'required': ['reviewer_id', 'role', 'qualifications', 'independent'], 'properties': {'reviewer_id': {'type': 'string', 'minLength': 1}, 'role': {'type': 'string', 'minLength': 1}, 'qualifications': {'type': 'string'}, 'independent': {'type': 'boolean'}, 'conflicts': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, 'assignments': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, 'profiles': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='required')
        data_keys = set(data.keys())
        if "reviewer_id" in data_keys:
            data_keys.remove("reviewer_id")
            data__reviewerid = data["reviewer_id"]
            if not isinstance(data__reviewerid, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".reviewer_id must be string", value=data__reviewerid, name="" + (name_prefix or "data") + ".reviewer_id", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__reviewerid, str):
                data__reviewerid_len = len(data__reviewerid)
                if data__reviewerid_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".reviewer_id must be longer than or equal to 1 characters", value=data__reviewerid, name="" + (name_prefix or "data") + ".reviewer_id", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "role" in data_keys:
            data_keys.remove("role")
            data__role = data["role"]
            if not isinstance(data__role, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".role must be string", value=data__role, name="" + (name_prefix or "data") + ".role", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__role, str):
                data__role_len = len(data__role)
                if data__role_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".role must be longer than or equal to 1 characters", value=data__role, name="" + (name_prefix or "data") + ".role", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "qualifications" in data_keys:
            data_keys.remove("qualifications")
            data__qualifications = data["qualifications"]
            if not isinstance(data__qualifications, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".qualifications must be string", value=data__qualifications, name="" + (name_prefix or "data") + ".qualifications", definition={'type': 'string'}, rule='type')
        if "independent" in data_keys:
            data_keys.remove("independent")
            data__independent = data["independent"]
            if not isinstance(data__independent, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".independent must be boolean", value=data__independent, name="" + (name_prefix or "data") + ".independent", definition={'type': 'boolean'}, rule='type')
        if "conflicts" in data_keys:
            data_keys.remove("conflicts")
            data__conflicts = data["conflicts"]
            if not isinstance(data__conflicts, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".conflicts must be array", value=data__conflicts, name="" + (name_prefix or "data") + ".conflicts", definition={'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__conflicts_is_list = isinstance(data__conflicts, (list, tuple))
            if data__conflicts_is_list:
                def fn(var): return frozenset(dict((k, fn(v)) for k, v in var.items()).items()) if hasattr(var, "items") else tuple(fn(v) for v in var) if isinstance(var, (dict, list)) else (bool, var) if isinstance(var, bool) else var
                data__conflicts_len = len(data__conflicts)
                if data__conflicts_len > len(set(fn(data__conflicts_x) for data__conflicts_x in data__conflicts)):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".conflicts must contain unique items", value=data__conflicts, name="" + (name_prefix or "data") + ".conflicts", definition={'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, rule='uniqueItems')
                for data__conflicts_x, data__conflicts_item in enumerate(data__conflicts):
                    if not isinstance(data__conflicts_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".conflicts[{data__conflicts_x}]" + " must be string", value=data__conflicts_item, name="" + (name_prefix or "data") + f".conflicts[{data__conflicts_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__conflicts_item, str):
                        data__conflicts_item_len = len(data__conflicts_item)
                        if data__conflicts_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".conflicts[{data__conflicts_x}]" + " must be longer than or equal to 1 characters", value=data__conflicts_item, name="" + (name_prefix or "data") + f".conflicts[{data__conflicts_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "assignments" in data_keys:
            data_keys.remove("assignments")
            data__assignments = data["assignments"]
            if not isinstance(data__assignments, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".assignments must be array", value=data__assignments, name="" + (name_prefix or "data") + ".assignments", definition={'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__assignments_is_list = isinstance(data__assignments, (list, tuple))
            if data__assignments_is_list:
                def fn(var): return frozenset(dict((k, fn(v)) for k, v in var.items()).items()) if hasattr(var, "items") else tuple(fn(v) for v in var) if isinstance(var, (dict, list)) else (bool, var) if isinstance(var, bool) else var
                data__assignments_len = len(data__assignments)
                if data__assignments_len > len(set(fn(data__assignments_x) for data__assignments_x in data__assignments)):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".assignments must contain unique items", value=data__assignments, name="" + (name_prefix or "data") + ".assignments", definition={'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, rule='uniqueItems')
                for data__assignments_x, data__assignments_item in enumerate(data__assignments):
                    if not isinstance(data__assignments_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".assignments[{data__assignments_x}]" + " must be string", value=data__assignments_item, name="" + (name_prefix or "data") + f".assignments[{data__assignments_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__assignments_item, str):
                        data__assignments_item_len = len(data__assignments_item)
                        if data__assignments_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".assignments[{data__assignments_x}]" + " must be longer than or equal to 1 characters", value=data__assignments_item, name="" + (name_prefix or "data") + f".assignments[{data__assignments_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "profiles" in data_keys:
            data_keys.remove("profiles")
            data__profiles = data["profiles"]
            if not isinstance(data__profiles, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".profiles must be array", value=data__profiles, name="" + (name_prefix or "data") + ".profiles", definition={'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__profiles_is_list = isinstance(data__profiles, (list, tuple))
            if data__profiles_is_list:
                def fn(var): return frozenset(dict((k, fn(v)) for k, v in var.items()).items()) if hasattr(var, "items") else tuple(fn(v) for v in var) if isinstance(var, (dict, list)) else (bool, var) if isinstance(var, bool) else var
                data__profiles_len = len(data__profiles)
                if data__profiles_len > len(set(fn(data__profiles_x) for data__profiles_x in data__profiles)):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".profiles must contain unique items", value=data__profiles, name="" + (name_prefix or "data") + ".profiles", definition={'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, rule='uniqueItems')
                for data__profiles_x, data__profiles_item in enumerate(data__profiles):
                    if not isinstance(data__profiles_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".profiles[{data__profiles_x}]" + " must be string", value=data__profiles_item, name="" + (name_prefix or "data") + f".profiles[{data__profiles_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__profiles_item, str):
                        data__profiles_item_len = len(data__profiles_item)
                        if data__profiles_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".profiles[{data__profiles_x}]" + " must be longer than or equal to 1 characters", value=data__profiles_item, name="" + (name_prefix or "data") + f".profiles[{data__profiles_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        for data_key, data_val in data.items():
            if data_key.startswith('x-'):
                if data_key in data_keys:
                    data_keys.remove(data_key)
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/roster-v1.json', 'title': 'Reviewer roster entry', 'description': 'One reviewer of a run: role, qualifications, independence, conflicts, assignments (absent assignments = every case) and the profiles the reviewer is qualified for (absent = every profile; cap-assign matches them). Keys starting with x- are the extension point.', 'type': 'object', 'required': ['reviewer_id', 'role', 'qualifications', 'independent'], 'properties': {'reviewer_id': {'type': 'string', 'minLength': 1}, 'role': {'type': 'string', 'minLength': 1}, 'qualifications': {'type': 'string'}, 'independent': {'type': 'boolean'}, 'conflicts': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, 'assignments': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, 'profiles': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='additionalProperties')
    return data

validate = validate_https___capeval_invalid_schemas_roster_v1_json
